/// Which `Content-Type`s a JSON document may come with.
package enum JSONMediaType {
    /// Whether a response of `contentType` may hold JSON: `…/json`, `…+json`, and the generic types that APIs
    /// and file servers send for it (or none at all). Letters compare without case; parameters after `;`
    /// and the spaces and tabs around the type do not count.
    package static func allows(_ contentType: String) -> Bool {
        var contentType = contentType
        return contentType.withUTF8 { allows(bytes: $0) }
    }

    private static func allows(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
        var start = 0
        while start < end, isBlank(bytes[start]) { start += 1 }
        while end > start, isBlank(bytes[end - 1]) { end -= 1 }
        let type = UnsafeBufferPointer(rebasing: bytes[start..<end])
        return type.isEmpty || hasSuffix(type, "/json") || hasSuffix(type, "+json") || equals(type, "text/plain")
            || equals(type, "application/octet-stream") || equals(type, "text/javascript")
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// Whether `type` ends with `suffix` (lower-case ASCII), ASCII letters of `type` compared without case.
    private static func hasSuffix(_ type: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard type.count >= count else { return false }
        return ASCIICase.hasPrefix(type[(type.count - count)...], lowercase: suffix)
    }

    private static func equals(_ type: UnsafeBufferPointer<UInt8>, _ other: StaticString) -> Bool {
        type.count == other.utf8CodeUnitCount && ASCIICase.hasPrefix(type, lowercase: other)
    }
}
