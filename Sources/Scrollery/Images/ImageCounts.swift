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
    /// Pictures left to other shards (`scrollery pictures --shard`).
    public var otherShards = 0
    /// Pictures an `--offline` build found in neither cache (a pictures shard's work that is missing), and
    /// fetched to process itself.
    public var missing = 0
    /// Whether the pictures were shared through a store (`images.store`).
    public var sharing = false
    /// Pictures whose variants were copied from the store into the cache (counted in `reused`).
    public var fromStore = 0
    /// Pictures processed here whose variants and record were uploaded to the store.
    public var uploaded = 0
    /// Pictures whose download from, or upload to, the store failed (or was skipped after the store
    /// failed): they were made or used here all the same.
    public var notShared = 0

    public init() {}

    /// For the summary: `12 images (3 processed, 8 reused, 1 failed)`, what came from and went to the store
    /// when there is one, and what was missing or left to other shards when there was any.
    public var description: String {
        var parts = ["\(processed) processed", "\(reused) reused", "\(failed) failed"]
        if sharing {
            parts.append("\(fromStore) from the store")
            parts.append("\(uploaded) uploaded")
            if notShared > 0 { parts.append("\(notShared) not shared, the store failed") }
        }
        if missing > 0 { parts.append("\(missing) not in the cache, so fetched") }
        if otherShards > 0 { parts.append("\(otherShards) left to other shards") }
        return "\(processed + reused + failed) images (\(parts.joined(separator: ", ")))"
    }
}
