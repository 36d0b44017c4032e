extension UInt8 {
    /// This byte with an ASCII capital letter made small (`A`–`Z` to `a`–`z`); any other byte, UTF-8's
    /// included, as it is.
    @inline(__always)
    package var asciiLowercased: UInt8 { self &- UInt8(ascii: "A") < 26 ? self | 0x20 : self }
}

/// Comparisons of ASCII that ignore the case of letters and nothing else, on bytes: schemes, media types.
package enum ASCIICase {
    /// Whether `bytes` starts with `prefix` (lower-case ASCII) but for the case of its letters.
    package static func hasPrefix(_ bytes: some Sequence<UInt8>, lowercase prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { prefix in
            var matched = 0
            for byte in bytes {
                guard matched < prefix.count else { break }
                guard byte.asciiLowercased == prefix[matched] else { return false }
                matched += 1
            }
            return matched == prefix.count
        }
    }
}
