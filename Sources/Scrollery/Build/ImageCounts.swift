/// What the image pipeline did: for progress lines and the build's summary.
public struct ImageCounts: Sendable, Equatable {
    /// Originals read (from the network, the HTTP cache or `static/`).
    public var fetched = 0
    /// Originals decoded and written as variants.
    public var processed = 0
    /// Pictures whose variants were already in the cache: nothing decoded.
    public var reused = 0
    /// Pictures that could not be had (their cards show the image error state).
    public var failed = 0

    public init() {}

    /// For the summary: `12 images (3 processed, 8 reused, 1 failed)`.
    public var description: String {
        "\(processed + reused + failed) images (\(processed) processed, \(reused) reused, \(failed) failed)"
    }
}
