public import Foundation

/// The `cache:` section: where responses are kept and how long they are used without asking.
public struct CacheConfig: Sendable, Equatable {
    /// How long a cached response is used without a request.
    public enum TTL: Sendable, Equatable {
        /// This long; zero means every use revalidates.
        case duration(Duration)
        /// Until `--refresh` or `scrollery clean --cache`.
        case forever
    }

    /// The cache folder, absolute.
    public var folder: URL
    /// How long an entry is fresh.
    public var ttl: TTL = .duration(.seconds(3600))
    /// Use a stale entry when a request fails after its retries.
    public var staleIfError = true

    /// - Parameter folder: the cache folder.
    public init(folder: URL) {
        self.folder = folder
    }
}
