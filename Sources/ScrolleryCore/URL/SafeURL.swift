import Foundation

/// The only way a URL from a source reaches an `href` or `src`: http and https pass, every other
/// scheme (`javascript:`, `data:`, `file:`) is dropped, and relative paths are placed under the base URL.
///
/// The usual URL (plain ASCII, a host name, no userinfo or percent-encoding in a relative path) is
/// checked byte by byte; anything else goes through `URLComponents`, which decides the same way.
package enum SafeURL {
    /// An absolute http(s) URL, or `nil`.
    package static func external(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        if PlainURL.isExternal(trimmed) { return trimmed }
        return checkedExternal(trimmed)
    }

    /// An http(s) URL, or a path relative to the site root placed under `base`; `nil` for anything else.
    package static func resource(_ text: String, base: BaseURL) -> String? {
        let trimmed = text.trimmingWhitespace()
        if PlainURL.isExternal(trimmed) { return trimmed }
        if let path = PlainURL.relativePath(trimmed) { return base.path + path }
        return checkedResource(trimmed, base: base)
    }

    /// `external`, through `URLComponents` only.
    package static func checkedExternal(_ trimmed: String) -> String? {
        guard !containsUnsafeCharacters(trimmed), let components = URLComponents(string: trimmed),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return nil }
        return trimmed
    }

    /// `resource`, through `URLComponents` only.
    package static func checkedResource(_ trimmed: String, base: BaseURL) -> String? {
        if let external = checkedExternal(trimmed) { return external }
        guard !trimmed.isEmpty, !containsUnsafeCharacters(trimmed), !trimmed.hasPrefix("//"),
            !hasScheme(trimmed), URLComponents(string: trimmed) != nil
        else { return nil }
        var path = Substring(trimmed)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        while path.hasPrefix("/") { path = path.dropFirst() }
        // A `..` segment (even percent-encoded) would climb out of the base path.
        let pathPart = path.prefix { $0 != "?" && $0 != "#" }
        let segments = pathPart.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).removingPercentEncoding ?? String($0)
        }
        guard !segments.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        return base.path + path
    }

    private static func containsUnsafeCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == " " || $0 == "\\" }
    }

    /// Whether the text starts with `scheme:` (before any `/`, `?` or `#`).
    private static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        return !text[..<colon].contains { $0 == "/" || $0 == "?" || $0 == "#" }
    }
}

/// The plain shapes of URL that `SafeURL` checks byte by byte. Each check accepts only text that the
/// `URLComponents` check accepts with the same result; when it says no, that check decides.
private enum PlainURL {
    /// `http(s)://host[:port]` and then only path, query and fragment characters, in plain ASCII.
    package static func isExternal(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var index: Int
            if startsWith(bytes, "https://") {
                index = 8
            } else if startsWith(bytes, "http://") {
                index = 7
            } else {
                return false
            }
            let hostStart = index
            while index < bytes.count, isHostByte(bytes[index]) { index += 1 }
            guard index > hostStart else { return false }
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                index += 1
                let portStart = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    index += 1
                }
                guard (1...5).contains(index - portStart) else { return false }
            }
            if index < bytes.count, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "?"),
                bytes[index] != UInt8(ascii: "#")
            {
                return false
            }
            return isPathQueryAndFragment(bytes[index...], percentEncoding: true)
        } ?? false
    }

    /// The path of a plain relative reference with the leading `./` and `/` dropped, when the text is
    /// one: plain ASCII, no scheme, no percent-encoding, and no `.` or `..` segment.
    package static func relativePath(_ text: String) -> Substring? {
        let start: Int? =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                guard !bytes.isEmpty, !startsWith(bytes, "//"),
                    isPathQueryAndFragment(bytes[...], percentEncoding: false)
                else { return nil }
                // A `:` before the first `/`, `?` or `#` would be a scheme.
                let pathEnd =
                    bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
                let firstSegmentEnd = bytes[..<pathEnd].firstIndex(of: UInt8(ascii: "/")) ?? pathEnd
                guard !bytes[..<firstSegmentEnd].contains(UInt8(ascii: ":")) else { return nil }
                var start = 0
                while bytes.count - start >= 2, bytes[start] == UInt8(ascii: "."), bytes[start + 1] == UInt8(ascii: "/")
                {
                    start += 2
                }
                while start < bytes.count, bytes[start] == UInt8(ascii: "/") { start += 1 }
                for segment in bytes[start..<pathEnd].split(
                    separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
                where segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8) {
                    return nil
                }
                return start
            } ?? nil
        guard let start else { return nil }
        return text[text.utf8.index(text.utf8.startIndex, offsetBy: start)...]
    }

    /// Whether every byte may be in a path, query or fragment (RFC 3986), with one `#` at most; `%`
    /// only where `percentEncoding` allows it, followed by two hex digits.
    private static func isPathQueryAndFragment(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, percentEncoding: Bool)
        -> Bool
    {
        var index = bytes.startIndex
        var inFragment = false
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") {
                guard !inFragment else { return false }
                inFragment = true
            } else if byte == UInt8(ascii: "%") {
                guard percentEncoding, bytes.endIndex - index > 2, isHexDigit(bytes[index + 1]),
                    isHexDigit(bytes[index + 2])
                else { return false }
                index += 2
            } else if !isPathByte(byte) {
                return false
            }
            index += 1
        }
        return true
    }

    private static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        // The scheme is case-insensitive; the `//` after it is not.
        ASCIICase.hasPrefix(bytes, lowercase: prefix)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte.asciiLowercased)
    }

    /// Letters, digits, `-`, `.`, `_` and `~` (RFC 3986 unreserved): a host name's bytes.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        URIBytes.isUnreserved(byte)
    }

    /// Unreserved, sub-delimiters, `:`, `@`, `/` and `?`: what a path, query or fragment holds unencoded.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        byte < 0x80 && pathBytes[Int(byte)]
    }

    private static let pathBytes: [Bool] = (0..<128).map { code in
        URIBytes.isUnreserved(UInt8(code)) || "!$&'()*+,;=:@/?".utf8.contains(UInt8(code))
    }
}
