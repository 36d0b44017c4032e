/// White space folded: the words of a text joined by single spaces, as splitting on
/// `Character.isWhitespace` gives them (the plain text of a description, for excerpts).
package enum WhiteSpace {
    /// The words of `text` joined by single spaces, as splitting on `Character.isWhitespace` gives them.
    /// The text is folded byte by byte, whatever its script; only where a white-space character could join a
    /// grapheme with its neighbour (a combining mark after a space, an Arabic prepended sign before one) is
    /// the text split Character by Character instead.
    package static func fold(_ text: String) -> String {
        var text = text
        let folded: String? = text.withUTF8(foldUTF8)
        return folded ?? foldByCharacters(text)
    }

    /// The reference: the words of `text` by Character.
    package static func foldByCharacters(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The folded valid UTF-8, or `nil` when a white-space scalar may not stand as a Character of its own. Runs of
    /// words are copied as they are; a scalar is decoded only where it may be white space (after a lead
    /// byte that white space past ASCII has), after white space, and before it.
    package static func foldUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var joins = false
        let folded = String(unsafeUninitializedCapacity: bytes.count) { output in
            var count = 0
            var pendingSpace = false
            var previousWasSpace = false
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                var length = 1
                var isSpace = false
                if lead < 0x80 {
                    // Tab, line feed, vertical tab, form feed, carriage return and space.
                    isSpace = lead == 0x20 || (0x09...0x0D).contains(lead)
                } else {
                    length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                    guard index + length <= bytes.count else {
                        joins = true
                        return 0
                    }
                    if lead == 0xC2 || (0xE1...0xE3).contains(lead) {
                        isSpace = isWhitespacePastASCII(StandaloneScalars.decode(bytes, at: index).value)
                    }
                }
                if isSpace {
                    // A prepended sign before white space would join it.
                    if index > 0, bytes[index - 1] >= 0x80,
                        StandaloneScalars.join(
                            scalar(endingAt: index, in: bytes), StandaloneScalars.decode(bytes, at: index).value)
                    {
                        joins = true
                        return 0
                    }
                    pendingSpace = count > 0
                    previousWasSpace = true
                } else {
                    // A mark, joiner or modifier after white space would join it.
                    if previousWasSpace, lead >= 0x80,
                        StandaloneScalars.join(
                            scalar(endingAt: index, in: bytes), StandaloneScalars.decode(bytes, at: index).value)
                    {
                        joins = true
                        return 0
                    }
                    if pendingSpace {
                        output[count] = 0x20
                        count += 1
                        pendingSpace = false
                    }
                    previousWasSpace = false
                    for offset in 0..<length { output[count + offset] = bytes[index + offset] }
                    count += length
                }
                index += length
            }
            return count
        }
        return joins ? nil : folded
    }

    /// The value of the scalar that ends just before `end` in valid UTF-8.
    private static func scalar(endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var start = end - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return StandaloneScalars.decode(bytes, at: start).value
    }

    /// Unicode's White_Space scalars past ASCII (the ones `Character.isWhitespace` knows), without a
    /// property look-up: typographic quotes and dashes share their lead byte with the spaces of U+2000.
    static func isWhitespacePastASCII(_ value: UInt32) -> Bool {
        switch value {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
