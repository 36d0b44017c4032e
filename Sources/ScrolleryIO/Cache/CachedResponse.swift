package import Foundation
import ScrolleryCore

/// One stored response: a JSON header line (redacted URL, status, validators, kept headers, when it was
/// stored, the body's digest), a newline, then the body.
package struct CachedResponse: Sendable {
    /// Response headers worth keeping: validators, the type, and `Link` (pagination needs it).
    package static let keptHeaders = ["etag", "last-modified", "content-type", "link"]

    package struct Header: Codable, Sendable {
        package var url: String
        package var status: Int
        package var headers: [String: String]
        package var storedAt: Double
        /// The SHA-256 of the body in lower-case hex, set as the entry is encoded: an entry whose body a
        /// power cut left short or garbled reads as no entry. Absent from entries stored before it was kept.
        package var digest: String?
    }

    package var header: Header
    package var body: Data

    package init(url: String, response: FetchResponse, storedAt: Date) {
        header = Header(
            url: url, status: response.status,
            headers: response.headers.filter { Self.keptHeaders.contains($0.key) },
            storedAt: storedAt.timeIntervalSince1970)
        body = response.body
    }

    package init?(encoded data: Data) {
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")),
            let header = Header(line: data[data.startIndex..<newline])
        else { return nil }
        let body = data[data.index(after: newline)...]
        if let digest = header.digest, digest != Self.digest(of: body) { return nil }
        self.header = header
        self.body = Data(body)
    }

    /// The header line (with the digest of the body as it is now), a newline and the body.
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var header = header
        header.digest = Self.digest(of: body)
        var data = try encoder.encode(header)
        data.append(UInt8(ascii: "\n"))
        data.append(body)
        return data
    }

    static func digest(of body: Data) -> String { ContentDigest.hex(of: body) }

    /// For an entry that keeps a server's answer that nothing is there (a 404, or a 400 such as a date
    /// out of range), the error a fetch of it gives; `nil` for an entry with a body.
    package var missing: FetchError.Kind? {
        switch header.status {
        case 404, 410: return .notFound
        case 400: return .status(400)
        default: return nil
        }
    }

    /// The status an entry keeps for a fetch that failed with this kind of error, if it keeps one: the
    /// answers that end a source cleanly.
    package static func missingStatus(_ kind: FetchError.Kind) -> Int? {
        switch kind {
        case .notFound: return 404
        case .status(400): return 400
        default: return nil
        }
    }

    package func response(location: String) -> FetchResponse {
        FetchResponse(body: body, status: header.status, headers: header.headers, location: location)
    }

    package func age(now: Date) -> Duration {
        // An entry's time comes from a file on disk: a wrong one must not trap the conversion.
        .clamped(seconds: now.timeIntervalSince1970 - header.storedAt, atMost: .seconds(100 * 365 * 86_400))
    }
}
