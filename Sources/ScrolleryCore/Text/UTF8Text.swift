import CByteScan

/// Strings made from UTF-8 that is checked once, sixteen bytes at a time (`scrollery_utf8_check`), or that is
/// known to be valid, instead of by the standard library's scalar-by-scalar check.
package enum UTF8Text {
    /// The bytes as a String, the same as `String(decoding:as: UTF8.self)` gives: each ill-formed sequence of
    /// invalid UTF-8 becomes U+FFFD.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        switch scrollery_utf8_check(bytes.baseAddress, bytes.count) {
        case 0: return String(decoding: bytes, as: UTF8.self)
        case let check: return copy(bytes, isASCII: check == 2)
        }
    }

    /// The bytes as a String, not checked again: they must be valid UTF-8 (the caller's promise, which a
    /// debug build checks).
    package static func string(validUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        assert(scrollery_utf8_check_bytewise(bytes.baseAddress, bytes.count) != 0, "the bytes are valid UTF-8")
        // Known ASCII, the String takes the fast paths of ASCII (`lowercased()`, for one).
        return copy(bytes, isASCII: scrollery_is_ascii(bytes.baseAddress, bytes.count))
    }

    private static func copy(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        String(copying: UTF8Span(unchecked: Span(_unsafeElements: bytes), isKnownASCII: isASCII))
    }
}
