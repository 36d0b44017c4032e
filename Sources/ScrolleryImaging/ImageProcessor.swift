import CAllocatorTuning
import CVipsShim
public import Foundation
import ScrolleryCore

/// Decodes an original once and writes every variant from it, with libvips: shrink-on-load, upright by
/// its EXIF orientation, sRGB, no metadata, alpha kept, the first frame of an animation; and, when the site
/// offers originals for download, the original's copy without its metadata (`OriginalCopy`). Synchronous
/// and CPU-bound: the caller runs it off the concurrency pool.
public enum ImageProcessor {
    /// - Returns: the picture, its variants' bytes and the original's copy.
    /// - Throws: `ImageFailure` (not an image, too many pixels, undecodable, unencodable).
    public static func process(_ bytes: Data, settings: ImageConfig) throws(ImageFailure) -> ProcessedPicture {
        let result: Result<ProcessedPicture, ImageFailure> = bytes.withUnsafeBytes { buffer in
            defer {
                scrollery_vips_thread_done()
                scrollery_allocator_trim_if_grown()
            }
            return Result { () throws(ImageFailure) in try process(buffer, settings: settings) }
        }
        return try result.get()
    }

    private static func process(_ buffer: UnsafeRawBufferPointer, settings: ImageConfig) throws(ImageFailure)
        -> ProcessedPicture
    {
        let header = try ImageHeader(of: buffer)
        guard header.pixels <= settings.maxPixels else {
            throw ImageFailure(
                .tooManyPixels,
                "the image is \(header.width)×\(header.height), more than images.maxPixels (\(settings.maxPixels)) "
                    + "pixels, so it is not decoded")
        }
        let widths = variantWidths(settings.widths, originalWidth: header.width)
        guard let largest = widths.last, buffer.baseAddress != nil else {
            throw ImageFailure(.undecodable, "the image has no width")
        }
        let decoded = try VipsImage.decode(buffer, width: largest)
        let formats = variantFormats(settings.formats, hasAlpha: decoded.hasAlpha)
        var variants: [EncodedVariant] = []
        // The last variant made by resizing; `nil` while the last one made is the decoded original.
        var smallest: VipsImage? = nil
        // Largest first. Each is made from the last one made when that is at least twice as wide (320 from
        // 640, a Lanczos halving of a quarter of the pixels), else from the decoded original: a larger
        // step would be a box shrink then Lanczos in libvips anyway, and never is a copy enlarged.
        for width in widths.reversed() {
            if width >= decoded.width {
                variants += try encode(decoded, formats, settings)
                smallest = nil
                continue
            }
            let resized: VipsImage
            switch smallest {
            case .some(let image) where image.width >= 2 * width: resized = try image.resized(to: width)
            default: resized = try decoded.resized(to: width)
            }
            variants += try encode(resized, formats, settings)
            smallest = consume resized
        }
        let placeholder: ProcessedImage.Placeholder?
        switch smallest {
        case .some(let image): placeholder = makePlaceholder(of: image, settings.placeholder)
        case .none: placeholder = makePlaceholder(of: decoded, settings.placeholder)
        }
        // Formats in the order asked, widths ascending.
        var ordered: [EncodedVariant] = []
        for format in formats {
            let ofFormat = variants.filter { $0.variant.format == format }
            ordered += ofFormat.sorted { $0.variant.width < $1.variant.width }
        }
        let original = settings.keepsOriginal ? originalCopy(of: buffer, header) : nil
        let image = ProcessedImage(
            width: header.width, height: header.height, variants: ordered.map(\.variant), placeholder: placeholder,
            camera: camera(in: header, settings), original: original?.format)
        return ProcessedPicture(image: image, variants: ordered, original: original?.bytes)
    }

    /// The original without its metadata, when it reads back as the same picture (its header's size and
    /// orientation) and holds no EXIF but the orientation.
    static func originalCopy(of buffer: UnsafeRawBufferPointer, _ header: ImageHeader) -> (
        bytes: [UInt8], format: ImageFormat
    )? {
        guard let copy = OriginalCopy.make(buffer, orientation: header.orientation) else { return nil }
        let reread = copy.bytes.withUnsafeBytes { try? ImageHeader(of: $0) }
        guard let reread, reread.width == header.width, reread.height == header.height,
            reread.orientation == header.orientation, reread.camera.isEmpty
        else { return nil }
        return copy
    }

    /// What the camera wrote in the original, without the place unless the site keeps it.
    static func camera(in header: ImageHeader, _ settings: ImageConfig) -> CameraData {
        settings.keepsPlace ? header.camera : header.camera.withoutPlace
    }

    /// The camera data of an original, from its header alone (no pixel decoded): for a picture whose record
    /// was written before the EXIF was read. - Throws: `ImageFailure` when the header cannot be read.
    public static func camera(of bytes: Data, settings: ImageConfig) throws(ImageFailure) -> CameraData {
        let result: Result<CameraData, ImageFailure> = bytes.withUnsafeBytes { buffer in
            defer { scrollery_vips_thread_done() }
            return Result { () throws(ImageFailure) in camera(in: try ImageHeader(of: buffer), settings) }
        }
        return try result.get()
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

    /// `image` in each of `formats`, at its own size.
    private static func encode(_ image: borrowing VipsImage, _ formats: [ImageFormat], _ settings: ImageConfig)
        throws(ImageFailure) -> [EncodedVariant]
    {
        var encoded: [EncodedVariant] = []
        for format in formats {
            encoded.append(
                EncodedVariant(
                    variant: .init(width: image.width, height: image.height, format: format),
                    bytes: try image.encoded(as: format, quality: settings.quality(of: format))))
        }
        return encoded
    }

    private static func makePlaceholder(of image: borrowing VipsImage, _ kind: ImagePlaceholder) -> ProcessedImage
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
                guard let tiny = image.resizedIfPossible(to: min(width, image.width)) else { break }
                if let bytes = try? tiny.encoded(as: .webp, quality: 30) {
                    let uri = "data:image/webp;base64," + Data(bytes).base64EncodedString()
                    if uri.utf8.count <= 400 { return .image(uri) }
                }
            }
            return averageColour(image).map { .color($0) }
        }
    }

    private static func averageColour(_ image: borrowing VipsImage) -> String? {
        guard let rgb = image.averageColour() else { return nil }
        let bytes = [rgb.red, rgb.green, rgb.blue].map { UInt8(max(0, min(255, $0.rounded()))) }
        return "#" + Hex.lowercase(bytes)
    }
}
