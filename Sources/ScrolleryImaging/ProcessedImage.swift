import ScrolleryCore

/// What the pipeline made of one original: its true size and the variants written from it.
public struct ProcessedImage: Sendable, Equatable, Codable {
    /// The original's size as shown (turned upright by its EXIF orientation).
    public let width: Int
    public let height: Int
    /// The variants, widths ascending within each format, formats in the order of `images.formats` (a
    /// transparent picture has PNG where JPEG was asked for).
    public let variants: [Variant]
    public let placeholder: Placeholder?
    /// What the camera wrote in the original's EXIF (empty when nothing); `nil` in a record written before
    /// the EXIF was read, whose original has not been read since.
    public var camera: CameraData?
    /// The format of the original's copy kept for download (`OriginalCopy`), nil when none was kept.
    public let original: ImageFormat?

    public init(
        width: Int, height: Int, variants: [Variant], placeholder: Placeholder?, camera: CameraData?,
        original: ImageFormat? = nil
    ) {
        self.width = width
        self.height = height
        self.variants = variants
        self.placeholder = placeholder
        self.camera = camera
        self.original = original
    }

    private enum CodingKeys: String, CodingKey {
        case width, height, variants, placeholder, camera, original
    }

    /// A record as kept; its camera's values are checked again, as a picture store's records are untrusted.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        width = try container.decode(Int.self, forKey: .width)
        height = try container.decode(Int.self, forKey: .height)
        variants = try container.decode([Variant].self, forKey: .variants)
        placeholder = try container.decodeIfPresent(Placeholder.self, forKey: .placeholder)
        camera = try container.decodeIfPresent(CameraData.self, forKey: .camera)?.checked()
        original = try container.decodeIfPresent(ImageFormat.self, forKey: .original)
    }

    /// One file made from the original.
    public struct Variant: Sendable, Equatable, Codable {
        public let width: Int
        public let height: Int
        public let format: ImageFormat

        public init(width: Int, height: Int, format: ImageFormat) {
            self.width = width
            self.height = height
            self.format = format
        }
    }

    /// What shows until the picture has loaded.
    public enum Placeholder: Sendable, Equatable, Codable {
        /// `#rrggbb`, the picture's average colour.
        case color(String)
        /// A `data:` URI of a tiny copy.
        case image(String)
    }

    /// The formats of the variants, in order, each once.
    public var formats: [ImageFormat] {
        var seen: [ImageFormat] = []
        for variant in variants where !seen.contains(variant.format) { seen.append(variant.format) }
        return seen
    }
}

/// What processing an original made: the picture, its variants' bytes, and the original's copy for download
/// when one was asked for and could be made.
public struct ProcessedPicture: Sendable {
    public let image: ProcessedImage
    public let variants: [EncodedVariant]
    /// The bytes of `OriginalCopy`, in `image.original`'s format.
    public let original: [UInt8]?
}

/// A variant and its encoded bytes.
public struct EncodedVariant: Sendable {
    public let variant: ProcessedImage.Variant
    public let bytes: [UInt8]
}
