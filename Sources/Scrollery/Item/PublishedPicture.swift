import ScrolleryImaging

/// A picture whose variants (and the original's copy, when kept) are in the cache, to be written to the
/// output under content-addressed names.
struct PublishedPicture: Sendable, Equatable {
    /// Made of the original's bytes and the image settings: the variants' names start with it.
    let key: String
    let image: ProcessedImage

    /// The output path of a variant: `images/<key>-<width>.<ext>`.
    func path(of variant: ProcessedImage.Variant) -> String { "images/" + fileName(of: variant) }

    /// The cache's name of a variant.
    func fileName(of variant: ProcessedImage.Variant) -> String {
        "\(key)-\(variant.width).\(variant.format.fileExtension)"
    }

    /// The cache's name of the original's copy for download (`images/<key>-original.<ext>` in the output),
    /// when one was kept.
    var originalFileName: String? { image.original.map { "\(key)-original.\($0.fileExtension)" } }

    /// The output path of the original's copy, when one was kept.
    var originalPath: String? { originalFileName.map { "images/" + $0 } }

    /// The cache's names of every file the picture has: its variants, then the original's copy.
    var fileNames: [String] { image.variants.map(fileName(of:)) + (originalFileName.map { [$0] } ?? []) }
}
