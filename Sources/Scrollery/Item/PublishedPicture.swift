import ScrolleryImaging

/// A picture whose variants are in the cache, to be written to the output under content-addressed names.
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
}
