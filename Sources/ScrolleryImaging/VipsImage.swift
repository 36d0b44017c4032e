import CVipsShim
import ScrolleryCore

/// A libvips image held in memory, owned by one value: it is released when that value goes away.
struct VipsImage: ~Copyable {
    private let pointer: OpaquePointer

    private init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        scrollery_vips_release(pointer)
    }

    /// Decodes the first frame of `buffer`, shrunk on load to at most `width` pixels wide, upright by its
    /// EXIF orientation, in 8-bit sRGB (or grey). - Throws: `ImageFailure` of kind `.undecodable`.
    static func decode(_ buffer: UnsafeRawBufferPointer, width: Int) throws(ImageFailure) -> VipsImage {
        var error: UnsafeMutablePointer<CChar>?
        guard let start = buffer.baseAddress,
            let decoded = scrollery_vips_decode(start, buffer.count, Int32(width), &error)
        else {
            let detail = Vips.message(taking: error)
            throw ImageFailure(.undecodable, "the image cannot be decoded (\(detail ?? "corrupt data"))")
        }
        return VipsImage(taking: decoded)
    }

    var width: Int { Int(scrollery_vips_width(pointer)) }
    var height: Int { Int(scrollery_vips_height(pointer)) }
    var hasAlpha: Bool { scrollery_vips_has_alpha(pointer) != 0 }

    /// This image resized to `width` pixels wide, the height in proportion.
    /// - Throws: `ImageFailure` of kind `.undecodable`, with libvips' reason.
    func resized(to width: Int) throws(ImageFailure) -> VipsImage {
        var error: UnsafeMutablePointer<CChar>?
        guard let resized = scrollery_vips_resize(pointer, Int32(width), &error) else {
            let detail = Vips.message(taking: error)
            throw ImageFailure(.undecodable, "the image cannot be resized (\(detail ?? "error"))")
        }
        return VipsImage(taking: resized)
    }

    /// This image resized to `width` pixels wide, or `nil` when libvips cannot; the reason is not asked for.
    func resizedIfPossible(to width: Int) -> VipsImage? {
        guard let resized = scrollery_vips_resize(pointer, Int32(width), nil) else { return nil }
        return VipsImage(taking: resized)
    }

    /// The image encoded as `format` without metadata.
    /// - Throws: `ImageFailure` of kind `.unencodable`, with libvips' reason.
    func encoded(as format: ImageFormat, quality: Int) throws(ImageFailure) -> [UInt8] {
        let code: ScrolleryFormat =
            switch format {
            case .webp: SCROLLERY_SAVE_WEBP
            case .jpeg: SCROLLERY_SAVE_JPEG
            case .png: SCROLLERY_SAVE_PNG
            case .avif: SCROLLERY_SAVE_AVIF
            }
        var data: UnsafeMutableRawPointer?
        var size = 0
        var error: UnsafeMutablePointer<CChar>?
        guard scrollery_vips_save(pointer, code, Int32(quality), &data, &size, &error) == 0, let data else {
            let detail = Vips.message(taking: error)
            throw ImageFailure(.unencodable, "the \(format.rawValue) variant cannot be written (\(detail ?? "error"))")
        }
        defer { scrollery_vips_free(data) }
        return [UInt8](UnsafeRawBufferPointer(start: data, count: size))
    }

    /// The average of each colour band, 0 to 255, or `nil` when libvips cannot tell.
    func averageColour() -> (red: Double, green: Double, blue: Double)? {
        var rgb: (Double, Double, Double) = (0, 0, 0)
        let status = withUnsafeMutableBytes(of: &rgb) {
            scrollery_vips_average_colour(pointer, $0.baseAddress?.assumingMemoryBound(to: Double.self), nil)
        }
        return status == 0 ? rgb : nil
    }
}
