import ScrolleryCore

/// When a failed request is tried again, and after how long. Passing trouble (500, 502, 503, 504, a reset,
/// a timeout) gets a few attempts; `SlowDown` means "go slower", not "give up", so it is retried until a
/// deadline of minutes. The wait doubles from `baseDelay` up to `maxDelay`, with full jitter, and is never
/// shorter than the server's `Retry-After` (capped at `maxRetryAfter`).
package struct S3RetryPolicy: Sendable, Equatable {
    /// Why an attempt failed in a way that may pass.
    package enum Trouble: Sendable, Equatable {
        /// 503 `SlowDown` (or the code on another status): the server asks for fewer requests.
        case slowDown
        /// A 5xx, a reset, a timeout.
        case transient
    }

    /// Attempts in all for passing trouble.
    package var maxTransientAttempts = 6
    /// How long `SlowDown` is retried, from the first attempt.
    package var slowDownDeadline: Duration = .seconds(300)
    package var baseDelay: Duration = .milliseconds(250)
    package var maxDelay: Duration = .seconds(20)
    /// The longest `Retry-After` honoured; a longer one is waited this long.
    package var maxRetryAfter: Duration = .seconds(120)

    package init() {}

    /// The wait before attempt `attempt + 1` (attempts count from 1), or nil when the request should fail:
    /// `elapsed` is the time since the first attempt, `random` a number in `0...1` for the jitter.
    package func delay(
        after trouble: Trouble, attempt: Int, elapsed: Duration, retryAfter: Duration?, random: Double
    ) -> Duration? {
        var wait = Backoff(base: baseDelay, cap: maxDelay).wait(attempt: attempt - 1, random: random)
        if let retryAfter { wait = max(wait, min(retryAfter, maxRetryAfter)) }
        switch trouble {
        case .transient:
            guard attempt < maxTransientAttempts, elapsed + wait < slowDownDeadline else { return nil }
        case .slowDown:
            guard elapsed + wait < slowDownDeadline else { return nil }
        }
        return wait
    }
}
