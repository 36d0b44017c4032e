import Synchronization

/// Counters of the requests a build made, readable at any moment for progress and the summary.
public final class FetchStatistics: Sendable {
    /// A snapshot of the counters.
    public struct Counts: Sendable, Equatable {
        /// Requests sent (each retry counts).
        public var requests = 0
        /// Retries among them.
        public var retries = 0
        /// The waits chosen before those retries, added up (backoff, `Retry-After` or a rate limit's reset).
        public var retryWait = Duration.zero
        /// Body bytes received.
        public var bytes = 0
        /// Requests in flight now.
        public var inFlight = 0
        /// Responses taken from the cache without a request.
        public var cacheHits = 0
        /// Conditional requests answered `304 Not Modified`.
        public var notModified = 0
        /// Stale cache entries used because a request failed.
        public var staleUsed = 0

        /// All zero.
        public init() {}
    }

    private let counts = Mutex(Counts())

    /// Each host's health: the hosts that went down, and those being waited on.
    public let hosts = HostHealth()

    /// An empty set of counters.
    public init() {}

    /// The counters now.
    public var snapshot: Counts { counts.withLock { $0 } }

    package func update(_ change: (inout Counts) -> Void) {
        counts.withLock { change(&$0) }
    }
}
