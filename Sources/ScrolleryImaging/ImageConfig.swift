/// The `images:` section of the config: what Scrollery makes of each item's picture.
public struct ImageConfig: Sendable, Equatable {
    /// Whether pictures are fetched, measured and written as variants; off, a card links the URL as given.
    public var enabled = true
    /// The variants' widths, ascending; an original narrower than one of them gets its own width instead.
    public var widths = [320, 640, 1280]
    /// The variants' formats; the last is the `<img src>` fallback.
    public var formats: [ImageFormat] = [.webp, .jpeg]
    /// Encoder quality per format, 1 to 100 (PNG is lossless and has none).
    public var quality: [ImageFormat: Int] = [.webp: 80, .jpeg: 80, .avif: 80]
    public var placeholder: ImagePlaceholder = .color
    /// An original with more pixels than this is refused from its header, never decoded.
    public var maxPixels = 100_000_000
    /// An original larger than this is refused.
    public var maxBytes = 40 << 20
    /// Pictures decoded at once; 0 is one per core.
    public var concurrency = 0
    /// Where processed pictures are shared between machines and runs, `s3://BUCKET[/PREFIX]`; nil keeps them
    /// in the cache folder only. Not part of `variantKey`: a picture is the same wherever it was made.
    public var store: String?
    /// Whether the place a photo was taken (its EXIF GPS) is kept and shown (`images.metadata.gps`); off, it
    /// is dropped when the picture is processed, so no cache or picture store holds it.
    public var keepsPlace = false
    /// Whether a copy of each original, without its metadata, is kept to be offered for download
    /// (`theme.download` on and no `item.download` of the site's own).
    public var keepsOriginal = false

    /// The defaults.
    public init() {}

    /// The quality a format is written at.
    public func quality(of format: ImageFormat) -> Int { quality[format] ?? 80 }

    /// Everything that changes a variant's bytes, as text: part of the key a processed picture is kept
    /// under, so a change of settings makes new variants and an unchanged one reuses them.
    public var variantKey: String {
        let qualities = ImageFormat.allCases.map { "\($0.rawValue)=\(quality(of: $0))" }.joined(separator: ",")
        return "v2;widths=\(widths.map(String.init).joined(separator: ","));"
            + "formats=\(formats.map(\.rawValue).joined(separator: ","));q=\(qualities);"
            + "placeholder=\(placeholder.rawValue);maxPixels=\(maxPixels)" + (keepsPlace ? ";gps" : "")
            + (keepsOriginal ? ";original" : "")
    }
}

/// A format variants are written in.
public enum ImageFormat: String, Sendable, CaseIterable, Hashable, Codable {
    case webp, jpeg, png, avif

    /// The file name extension.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The media type of `<source type>`.
    public var mediaType: String { "image/\(rawValue)" }

    /// Whether the format keeps an alpha channel (a transparent picture is never written as JPEG).
    public var keepsAlpha: Bool { self != .jpeg }
}

/// What a card shows while its picture loads.
public enum ImagePlaceholder: String, Sendable, CaseIterable, Codable {
    /// The picture's average colour.
    case color
    /// A tiny blurred copy, inline (at most 400 bytes).
    case blur
    case none
}
