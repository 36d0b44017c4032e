/// The control characters that text from a source may carry and nothing Scrollery shows may pass on: C0
/// but tab and newline, DEL, and C1. In HTML they are invisible at best; in XML they make a feed or a
/// sitemap not well-formed, so a reader drops it whole; on a terminal ESC and BEL act.
package enum ControlCharacters {
    /// Whether `scalar` is one of them.
    package static func isUnwanted(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F...0x9F).contains(value)
    }

    /// `text` without them.
    package static func removed(from text: String) -> String {
        // Bytes below 0x20, DEL, and 0xC2 (the lead byte of C1) are the only ones that can start one.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }),
            text.unicodeScalars.contains(where: isUnwanted)
        else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.lazy.filter { !isUnwanted($0) })
        return String(kept)
    }
}
