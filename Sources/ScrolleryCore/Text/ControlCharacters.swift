import CByteScan

/// The control characters that text from a source may carry and nothing Scrollery shows may pass on: C0
/// but tab and newline, DEL, and C1. In HTML they are invisible at best; in XML they make a feed or a
/// sitemap not well-formed, so a reader drops it whole; on a terminal ESC and BEL act.
package enum ControlCharacters {
    /// Whether `scalar` is one of them.
    package static func isUnwanted(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F...0x9F).contains(value)
    }

    /// Whether the UTF-8 holds one: a byte below 0x20 but tab and newline, DEL, or C1 (0xC2 followed by
    /// 0x80–0x9F). Valid UTF-8 is assumed, as a `String`'s is.
    static func containsUnwanted(_ utf8: String.UTF8View) -> Bool {
        utf8.withContiguousStorageIfAvailable(containsUnwanted) ?? Array(utf8).withUnsafeBufferPointer(containsUnwanted)
    }

    /// `containsUnwanted(_:)` of bytes, sixteen at a time (`scrollery_has_unwanted_controls`).
    static func containsUnwanted(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return false }
        return scrollery_has_unwanted_controls(start, bytes.count)
    }

    /// `text` without them.
    package static func removed(from text: String) -> String {
        guard containsUnwanted(text.utf8) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.lazy.filter { !isUnwanted($0) })
        return String(kept)
    }
}
