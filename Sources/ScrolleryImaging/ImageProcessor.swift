import CVipsShim
public import Foundation
public import ScrolleryCore

/// Decodes an original once and writes every variant from it, with libvips: shrink-on-load, upright by
/// its EXIF orientation, sRGB, no metadata, alpha kept, the first frame of an animation. Synchronous
/// and CPU-bound: the caller runs it off the concurrency pool.
public enum ImageProcessor {
    /// - Returns: the picture and its variants' bytes.
    /// - Throws: `ImageFailure` (not an image, too many pixels, undecodable, unencodable).
    public static func process(_ bytes: Data, settings: ImageSettings) throws(ImageFailure) -> (
        ProcessedImage, [EncodedVariant]
    ) {
        let result: Result<(ProcessedImage, [EncodedVariant]), ImageFailure> = bytes.withUnsafeBytes { buffer in
            defer { scrollery_vips_thread_done() }
            return Result { () throws(ImageFailure) in try process(buffer, settings: settings) }
        }
        return try result.get()
    }

    private static func process(_ buffer: UnsafeRawBufferPointer, settings: ImageSettings) throws(ImageFailure)
        -> (ProcessedImage, [EncodedVariant])
    {
        let header = try ImageHeader(of: buffer)
        guard header.pixels <= settings.maxPixels else {
            throw ImageFailure(
                .tooManyPixels,
                "the image is \(header.width)×\(header.height), more than images.maxPixels (\(settings.maxPixels)) "
                    + "pixels, so it is not decoded")
        }
        let widths = variantWidths(settings.widths, originalWidth: header.width)
        guard let largest = widths.last, let start = buffer.baseAddress else {
            throw ImageFailure(.undecodable, "the image has no width")
        }
        var error: UnsafeMutablePointer<CChar>?
        guard let decoded = scrollery_vips_decode(start, buffer.count, Int32(largest), &error) else {
            let detail = Vips.message(taking: error)
            throw ImageFailure(.undecodable, "the image cannot be decoded (\(detail ?? "corrupt data"))")
        }
        defer { scrollery_vips_release(decoded) }
        let hasAlpha = scrollery_vips_has_alpha(decoded) != 0
        let formats = variantFormats(settings.formats, hasAlpha: hasAlpha)
        var variants: [EncodedVariant] = []
        var smallest: OpaquePointer?
        defer { if let smallest, smallest != decoded { scrollery_vips_release(smallest) } }
        // Largest first. Each is made from the last one made when that is at least twice as wide (320 from
        // 640, a Lanczos halving of a quarter of the pixels), else from the decoded original: a larger
        // step would be a box shrink then Lanczos in libvips anyway, and never is a copy enlarged.
        for width in widths.reversed() {
            let image: OpaquePointer
            if width >= Int(scrollery_vips_width(decoded)) {
                image = decoded
            } else {
                let source = smallest.flatMap { Int(scrollery_vips_width($0)) >= 2 * width ? $0 : nil } ?? decoded
                guard let resized = scrollery_vips_resize(source, Int32(width), &error) else {
                    let detail = Vips.message(taking: error)
                    throw ImageFailure(.undecodable, "the image cannot be resized (\(detail ?? "error"))")
                }
                image = resized
            }
            let variant = (width: Int(scrollery_vips_width(image)), height: Int(scrollery_vips_height(image)))
            for format in formats {
                variants.append(
                    EncodedVariant(
                        variant: .init(width: variant.width, height: variant.height, format: format),
                        bytes: try encode(image, format, quality: settings.quality(of: format))))
            }
            if let smallest, smallest != decoded { scrollery_vips_release(smallest) }
            smallest = image
        }
        let placeholder = smallest.flatMap { makePlaceholder(of: $0, settings.placeholder) }
        // Formats in the order asked, widths ascending.
        var ordered: [EncodedVariant] = []
        for format in formats {
            let ofFormat = variants.filter { $0.variant.format == format }
            ordered += ofFormat.sorted { $0.variant.width < $1.variant.width }
        }
        let image = ProcessedImage(
            width: header.width, height: header.height, variants: ordered.map(\.variant), placeholder: placeholder)
        return (image, ordered)
    }

    /// The widths to write: those asked for that are narrower than the original, and the original's own
    /// width in place of every wider one.
    public static func variantWidths(_ asked: [Int], originalWidth: Int) -> [Int] {
        var widths = Set(asked.filter { $0 > 0 && $0 < originalWidth })
        if asked.contains(where: { $0 >= originalWidth }) || widths.isEmpty { widths.insert(max(1, originalWidth)) }
        return widths.sorted()
    }

    /// The formats to write: a transparent picture gets PNG where JPEG was asked for.
    public static func variantFormats(_ asked: [ImageFormat], hasAlpha: Bool) -> [ImageFormat] {
        var formats: [ImageFormat] = []
        for format in asked {
            let kept = hasAlpha && !format.keepsAlpha ? ImageFormat.png : format
            if !formats.contains(kept) { formats.append(kept) }
        }
        return formats
    }

    private static func encode(_ image: OpaquePointer, _ format: ImageFormat, quality: Int) throws(ImageFailure)
        -> [UInt8]
    {
        var data: UnsafeMutableRawPointer?
        var size = 0
        let code: ScrolleryFormat =
            switch format {
            case .webp: SCROLLERY_SAVE_WEBP
            case .jpeg: SCROLLERY_SAVE_JPEG
            case .png: SCROLLERY_SAVE_PNG
            case .avif: SCROLLERY_SAVE_AVIF
            }
        var error: UnsafeMutablePointer<CChar>?
        guard scrollery_vips_save(image, code, Int32(quality), &data, &size, &error) == 0, let data else {
            let detail = Vips.message(taking: error)
            throw ImageFailure(.unencodable, "the \(format.rawValue) variant cannot be written (\(detail ?? "error"))")
        }
        defer { scrollery_vips_free(data) }
        return [UInt8](UnsafeRawBufferPointer(start: data, count: size))
    }

    private static func makePlaceholder(of image: OpaquePointer, _ kind: ImagePlaceholder) -> ProcessedImage
        .Placeholder?
    {
        switch kind {
        case .none:
            return nil
        case .color:
            return averageColour(image).map { .color($0) }
        case .blur:
            // A copy a few pixels wide: the browser's smoothing blurs it when it is stretched.
            for width in [16, 10, 6] {
                let tinyWidth = Int32(min(width, Int(scrollery_vips_width(image))))
                guard let tiny = scrollery_vips_resize(image, tinyWidth, nil) else { break }
                defer { scrollery_vips_release(tiny) }
                if let bytes = try? encode(tiny, .webp, quality: 30) {
                    let uri = "data:image/webp;base64," + Data(bytes).base64EncodedString()
                    if uri.utf8.count <= 400 { return .image(uri) }
                }
            }
            return averageColour(image).map { .color($0) }
        }
    }

    private static func averageColour(_ image: OpaquePointer) -> String? {
        var rgb: (Double, Double, Double) = (0, 0, 0)
        let status = withUnsafeMutableBytes(of: &rgb) {
            scrollery_vips_average_colour(image, $0.baseAddress?.assumingMemoryBound(to: Double.self), nil)
        }
        guard status == 0 else { return nil }
        func hex(_ value: Double) -> String {
            let byte = Int(max(0, min(255, value.rounded())))
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }
        return "#" + hex(rgb.0) + hex(rgb.1) + hex(rgb.2)
    }
}
