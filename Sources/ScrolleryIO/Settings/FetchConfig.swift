/// How remote requests behave: the `fetch:` section of the config.
public struct FetchConfig: Sendable, Equatable {
    /// Requests in flight per host, never exceeded.
    public var concurrency = 8
    /// Time allowed for one request.
    public var timeout: Duration = .seconds(30)
    /// Extra attempts after a retryable failure (connection error, timeout, 5xx, 429).
    public var retries = 3
    /// The first backoff step; each retry waits a random time up to `backoff · 2^attempt` (full jitter).
    public var backoff: Duration = .milliseconds(500)
    /// The longest wait for `Retry-After` or a rate-limit reset before the request fails instead.
    public var maxWait: Duration = .seconds(60)
    /// The largest response body accepted.
    public var maxBodySize = 10 * 1024 * 1024
    /// Redirects followed per request.
    public var maxRedirects = 5

    /// The defaults.
    public init() {}
}
