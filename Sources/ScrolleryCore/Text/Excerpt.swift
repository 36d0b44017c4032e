/// The short text on a card: the description's plain text cut at a word boundary.
package enum Excerpt {
    package static let maximumLength = 160

    package static func make(from text: String) -> String? {
        guard !text.isEmpty else { return nil }
        // ASCII text (the usual case) is cut byte by byte: the same cut, without counting Characters.
        if let end = text.utf8.withContiguousStorageIfAvailable(asciiEnd) ?? nil {
            return end == text.utf8.count ? text : String(decoding: text.utf8.prefix(end), as: UTF8.self) + "…"
        }
        return cutWithinLimit(text)
    }

    /// The cut for any text, counting Characters only as far as the limit (a long description in another
    /// script is not counted whole).
    package static func cutWithinLimit(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        guard let limit = text.index(text.startIndex, offsetBy: maximumLength, limitedBy: text.endIndex),
            limit != text.endIndex
        else { return text }
        return cut(text[..<limit])
    }

    /// The reference: the cut for any text, Character by Character.
    package static func cutByCharacters(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        guard text.count > maximumLength else { return text }
        return cut(text.prefix(maximumLength))
    }

    /// The first `maximumLength` Characters, cut back to a word and without punctuation at the end.
    private static func cut(_ cut: Substring) -> String {
        var atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        // Only the end is trimmed: an opening quote or bracket stays.
        while let last = atWord.last, last.isPunctuation || last.isWhitespace { atWord = atWord.dropLast() }
        return atWord + "…"
    }

    /// Where the excerpt of ASCII text without carriage returns ends (there, each byte is one Character;
    /// a CR LF pair is one), or `nil` for other text.
    private static func asciiEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else { return nil }
        guard bytes.count > maximumLength else { return bytes.count }
        var end = bytes[..<maximumLength].lastIndex(of: UInt8(ascii: " ")) ?? maximumLength
        while end > 0, trimmedAtEnd[Int(bytes[end - 1])] { end -= 1 }
        return end
    }

    /// The ASCII characters cut from the end of an excerpt: punctuation and whitespace, as `Character` sees them.
    private static let trimmedAtEnd: [Bool] = (0..<128).map { code in
        let character = Character(Unicode.Scalar(UInt8(code)))
        return character.isPunctuation || character.isWhitespace
    }
}
