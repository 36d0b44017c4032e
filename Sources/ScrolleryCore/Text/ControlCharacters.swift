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
        utf8.withContiguousStorageIfAvailable(containsUnwanted) ?? containsUnwanted(Array(utf8))
    }

    private static func containsUnwanted(_ bytes: some Collection<UInt8>) -> Bool {
        var afterC2 = false
        for byte in bytes {
            if afterC2, byte < 0xA0 { return true }
            afterC2 = byte == 0xC2
            if byte < 0x20, byte != 0x09, byte != 0x0A { return true }
            if byte == 0x7F { return true }
        }
        return false
    }

    /// `text` without them.
    package static func removed(from text: String) -> String {
        guard containsUnwanted(text.utf8) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.lazy.filter { !isUnwanted($0) })
        return String(kept)
    }
}
