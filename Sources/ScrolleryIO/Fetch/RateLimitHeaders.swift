package import Foundation
import ScrolleryCore

/// `Retry-After` (seconds or an HTTP date) and GitHub-style `X-RateLimit-*` headers of a response.
package struct RateLimitHeaders: Sendable {
    package let remaining: Int?
    package let resetDate: Date?
    package let retryAfterText: String?

    package init(_ headers: [String: String]) {
        remaining = headers["x-ratelimit-remaining"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        resetDate = headers["x-ratelimit-reset"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            .map { Date(timeIntervalSince1970: $0) }
        retryAfterText = headers["retry-after"]?.trimmingCharacters(in: .whitespaces)
    }

    package var isExhausted: Bool { remaining == 0 }

    /// How long to wait before the next attempt: `Retry-After` first, then the rate-limit reset.
    package func wait(now: Date) -> Duration? {
        if let retryAfter = retryAfter(now: now) { return retryAfter }
        guard isExhausted, let resetDate else { return nil }
        return Self.wait(seconds: resetDate.timeIntervalSince(now))
    }

    package func retryAfter(now: Date) -> Duration? {
        guard let text = retryAfterText, !text.isEmpty else { return nil }
        if let seconds = Double(text), seconds >= 0 { return Self.wait(seconds: seconds) }
        guard let date = Self.parseHTTPDate(text) else { return nil }
        return Self.wait(seconds: date.timeIntervalSince(now))
    }

    /// The longest wait a header can ask for (about 35,000 years): anything longer (`1e30`, a 26-digit reset
    /// time) is this, which is past any `fetch.maxWait` the config takes (ten years at most), so the request
    /// fails with its reason instead of trapping.
    package static let longestWait: Duration = .seconds(Int64(1) << 40)

    /// A wait of `seconds` from a header, clamped to `0...longestWait`.
    package static func wait(seconds: Double) -> Duration {
        .clamped(seconds: seconds, atMost: longestWait)
    }

    /// Parses RFC 9110's IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    package static func parseHTTPDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]),
            let month = months.firstIndex(of: String(parts[2])), let year = Int(parts[3])
        else { return nil }
        let time = parts[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT") ?? calendar.timeZone
        let components = DateComponents(
            year: year, month: month + 1, day: day, hour: time[0], minute: time[1], second: time[2])
        return calendar.date(from: components)
    }
}
