import CVipsShim

/// What an original's header says, read without decoding a pixel.
public struct ImageHeader: Sendable, Equatable {
    /// The size as shown: the stored size turned by the EXIF orientation.
    public let width: Int
    public let height: Int
    /// EXIF orientation, 1 (upright) to 8.
    public let orientation: Int
    public let hasAlpha: Bool
    /// Frames of an animation (1 for a still picture).
    public let pages: Int
    /// What the camera wrote in its EXIF, when the loader found a block (empty otherwise).
    public let camera: CameraData

    /// Reads the header of `bytes`. - Throws: `ImageFailure` of kind `.notAnImage`.
    public init(of bytes: UnsafeRawBufferPointer) throws(ImageFailure) {
        if let failure = Vips.startFailure { throw ImageFailure(.undecodable, failure) }
        guard let start = bytes.baseAddress, !bytes.isEmpty else {
            throw ImageFailure(.notAnImage, "the response is empty, not an image")
        }
        var header = ScrolleryImageHeader()
        var error: UnsafeMutablePointer<CChar>?
        defer { scrollery_vips_header_release(&header) }
        guard scrollery_vips_header(start, bytes.count, &header, &error) == 0 else {
            let detail = Vips.message(taking: error)
            throw ImageFailure(
                .notAnImage,
                header.loader == SCROLLERY_LOADER_UNSUPPORTED
                    ? "not an image in a supported format (JPEG, PNG, WebP, GIF, AVIF, TIFF)"
                    : "the image header cannot be read (\(detail ?? "unknown error"))")
        }
        let turned = header.orientation >= 5
        width = Int(turned ? header.height : header.width)
        height = Int(turned ? header.width : header.height)
        orientation = Int(header.orientation)
        hasAlpha = header.has_alpha != 0
        pages = Int(header.pages)
        if let exif = header.exif, header.exif_size > 0 {
            camera = ExifReader.read(Array(UnsafeRawBufferPointer(start: exif, count: header.exif_size)))
        } else {
            camera = CameraData()
        }
    }

    /// The pixels the header claims.
    public var pixels: Int { width.multipliedReportingOverflow(by: height).overflow ? .max : width * height }
}
