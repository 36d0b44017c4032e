/// How a build uses the cache.
public enum CacheMode: Sendable, Equatable {
    /// Fresh entries are used, stale ones revalidated.
    case normal
    /// `--refresh`: every request goes to the network; responses are stored.
    case refresh
    /// `--offline`: only the cache is used; anything missing is an error.
    case offline
}
