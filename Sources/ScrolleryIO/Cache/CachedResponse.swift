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
    package func encoded() -> Data {
        let line = headerLine()
        var data = Data(capacity: line.count + body.count)
        data.append(contentsOf: line)
        data.append(body)
        return data
    }

    /// The header line, with the digest of the body as it is now, and its newline: what comes before the body.
    ///
    /// The line is JSON with sorted keys and unescaped slashes, the same bytes as Foundation's `JSONEncoder`
    /// with `[.sortedKeys, .withoutEscapingSlashes]` gives (a test holds them equal), written directly: a
    /// cold build stores one per response, and the encoder cost more than the rest of the store.
    package func headerLine() -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(256 + header.url.utf8.count)
        line.append(contentsOf: #"{"digest":"#.utf8)
        Self.appendJSONString(Self.digest(of: body), to: &line)
        line.append(contentsOf: #","headers":{"#.utf8)
        let headers = header.headers.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        for (index, field) in headers.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            Self.appendJSONString(field.key, to: &line)
            line.append(UInt8(ascii: ":"))
            Self.appendJSONString(field.value, to: &line)
        }
        line.append(contentsOf: #"},"status":"#.utf8)
        line.append(contentsOf: String(header.status).utf8)
        line.append(contentsOf: #","storedAt":"#.utf8)
        line.append(contentsOf: Self.jsonNumber(header.storedAt).utf8)
        line.append(contentsOf: #","url":"#.utf8)
        Self.appendJSONString(header.url, to: &line)
        line.append(contentsOf: "}\n".utf8)
        return line
    }

    /// A string as `JSONEncoder` writes it: quotes, backslashes and control characters escaped, slashes and
    /// everything else as they are. The bytes between two escapes are copied at once.
    private static func appendJSONString(_ text: String, to line: inout [UInt8]) {
        line.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var plain = 0
            for (index, byte) in bytes.enumerated()
            where byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain..<index]))
                appendEscape(of: byte, to: &line)
                plain = index + 1
            }
            line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain...]))
        }
        line.append(UInt8(ascii: "\""))
    }

    /// The escape of a quote, a backslash or a control character, as `JSONEncoder` writes it.
    private static func appendEscape(of byte: UInt8, to line: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): line.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): line.append(contentsOf: #"\\"#.utf8)
        case 0x08: line.append(contentsOf: #"\b"#.utf8)
        case 0x09: line.append(contentsOf: #"\t"#.utf8)
        case 0x0A: line.append(contentsOf: #"\n"#.utf8)
        case 0x0C: line.append(contentsOf: #"\f"#.utf8)
        case 0x0D: line.append(contentsOf: #"\r"#.utf8)
        default:
            let hex = Array("0123456789abcdef".utf8)
            line.append(contentsOf: #"\u00"#.utf8)
            line.append(hex[Int(byte >> 4)])
            line.append(hex[Int(byte & 0xF)])
        }
    }

    /// A finite number as `JSONEncoder` writes it: the shortest text that reads back the same, without a
    /// trailing `.0`.
    private static func jsonNumber(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
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
