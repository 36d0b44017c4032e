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

    /// Eight bytes at a time while none of them is below 0x20 (tab and newline included), DEL or 0xC2.
    static func containsUnwanted(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        var afterC2 = false
        while index < bytes.count {
            if !afterC2, bytes.count - index >= 8 {
                let word = ByteWords.load(bytes, at: index)
                if !ByteWords.hasBelow(word, 0x20), !ByteWords.has(word, 0x7F), !ByteWords.has(word, 0xC2) {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if afterC2, byte < 0xA0 { return true }
            afterC2 = byte == 0xC2
            if byte < 0x20, byte != 0x09, byte != 0x0A { return true }
            if byte == 0x7F { return true }
            index += 1
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
