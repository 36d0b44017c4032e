package import Foundation
package import ScrolleryCore

/// Decides, after one attempt, whether to retry a request and how long to wait first.
package struct RetryPolicy: Sendable {
    package let settings: FetchConfig
    /// Where the jitter of a backoff comes from.
    package let jitter: JitterSource

    package init(settings: FetchConfig, jitter: JitterSource = .system) {
        self.settings = settings
        self.jitter = jitter
    }

    package enum Decision: Equatable {
        case retry(after: Duration)
        case fail(FetchError.Kind, reason: String)
    }

    /// For a response that was not a success.
    package func decide(status: Int, headers: [String: String], attempt: Int, now: Date = Date()) -> Decision {
        let rateLimit = RateLimitHeaders(headers)
        if status == 429 || (status == 403 && rateLimit.isExhausted) {
            if let wait = rateLimit.wait(now: now) {
                guard wait <= settings.maxWait else {
                    return .fail(
                        .rateLimited, reason: rateLimitMessage(status: status, rateLimit: rateLimit, wait: wait))
                }
                return attempt < settings.retries
                    ? .retry(after: wait)
                    : .fail(.status(status), reason: "HTTP \(status) after \(attempt + 1) attempts")
            }
            return backoff(status: status, attempt: attempt)
        }
        if (500...599).contains(status) {
            if let wait = rateLimit.retryAfter(now: now), attempt < settings.retries {
                return wait <= settings.maxWait
                    ? .retry(after: wait)
                    : .fail(
                        .status(status), reason: "HTTP \(status), and Retry-After asks for longer than fetch.maxWait")
            }
            return backoff(status: status, attempt: attempt)
        }
        if status == 404 || status == 410 { return .fail(.notFound, reason: "HTTP \(status) Not Found") }
        return .fail(.status(status), reason: "HTTP \(status)\(Self.hint(status))")
    }

    /// For a request that got no response (connection error, timeout).
    package func decide(failure kind: FetchError.Kind, reason: String, attempt: Int) -> Decision {
        guard attempt < settings.retries else {
            return .fail(kind, reason: attempt > 0 ? "\(reason) (after \(attempt + 1) attempts)" : reason)
        }
        return .retry(after: jitteredBackoff(attempt: attempt))
    }

    private func backoff(status: Int, attempt: Int) -> Decision {
        guard attempt < settings.retries else {
            return .fail(.status(status), reason: "HTTP \(status) (after \(attempt + 1) attempts)")
        }
        return .retry(after: jitteredBackoff(attempt: attempt))
    }

    /// Full jitter: a random wait from zero up to `backoff · 2^attempt`, capped at `maxWait`.
    package func jitteredBackoff(attempt: Int) -> Duration {
        Backoff(base: settings.backoff, cap: settings.maxWait).wait(attempt: attempt, random: jitter.next())
    }

    private func rateLimitMessage(status: Int, rateLimit: RateLimitHeaders, wait: Duration) -> String {
        let seconds = Int((wait / .seconds(1)).rounded(.up))
        let reset = rateLimit.resetDate.map { " at \(Self.clockTime($0)) UTC" } ?? ""
        return "HTTP \(status): the API's rate limit is used up and resets in \(seconds) s\(reset), "
            + "longer than fetch.maxWait. Wait and build again (the cache keeps what was fetched), raise "
            + "fetch.maxWait, or send a token, e.g. `headers: { Authorization: \"Bearer ${GITHUB_TOKEN}\" }` "
            + "under source and detail, with GITHUB_TOKEN set in the environment."
    }

    /// `HH:mm:ss` of a date, in UTC.
    package static func clockTime(_ date: Date) -> String {
        // The remainder first: a reset time from a header may be too large for an `Int`.
        let day = date.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400)
        let seconds = day.isFinite ? (Int(day) + 86_400) % 86_400 : 0
        let pad = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return "\(pad(seconds / 3600)):\(pad(seconds / 60 % 60)):\(pad(seconds % 60))"
    }

    private static func hint(_ status: Int) -> String {
        switch status {
        case 401: return " Unauthorized: check the token or key in the config's headers or URL"
        case 403: return " Forbidden: check the token, key or User-Agent the API expects"
        case 400: return " Bad Request: check the URL and its parameters"
        default: return ""
        }
    }
}
