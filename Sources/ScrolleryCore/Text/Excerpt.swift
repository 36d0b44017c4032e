/// The short text on a card: the description's plain text cut at a word boundary.
package enum Excerpt {
    package static let maximumLength = 160

    /// The first `maximumLength` Characters, cut back to the last space among them and without punctuation
    /// or white space at the end, then `…`; the text itself when it is no longer. The text is walked once
    /// as UTF-8, and only as far as the cut: a grapheme break is looked up only next to a scalar that is
    /// not standalone (`StandaloneScalars`), so text in any script costs about what ASCII costs.
    package static func make(from text: String) -> String? {
        guard !text.isEmpty else { return nil }
        var text = text
        return text.withUTF8(cut) ?? text
    }

    /// The reference: the cut for any text, Character by Character.
    package static func cutByCharacters(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        guard text.count > maximumLength else { return text }
        var atWord = text.prefix(maximumLength)
        atWord = atWord.lastIndex(of: " ").map { atWord[..<$0] } ?? atWord
        // Only the end is trimmed: an opening quote or bracket stays.
        while let last = atWord.last, last.isPunctuation || last.isWhitespace { atWord = atWord.dropLast() }
        return atWord + "…"
    }

    /// Whether `text` has more than `maximumLength + 1` Characters. Then the excerpt of any text that begins
    /// with `text` but for its last Character (which more text could extend) is the excerpt of `text`.
    package static func hasMoreThanAnExcerpt(_ text: String) -> Bool {
        measured(text).hasMoreThanAnExcerpt
    }

    /// `make(from:)` and `hasMoreThanAnExcerpt` in one walk of the text.
    package static func measured(_ text: String) -> (excerpt: String?, hasMoreThanAnExcerpt: Bool) {
        guard !text.isEmpty else { return (nil, false) }
        var text = text
        let (cut, more) = text.withUTF8(measured(utf8:))
        return (cut ?? text, more)
    }

    /// `measured(_:)` of valid UTF-8: `cut` is the excerpt when the text is longer than one, and `nil` when
    /// the text is its own excerpt (or empty), so a text that is cut is never made into a String whole.
    package static func measured(utf8 bytes: UnsafeBufferPointer<UInt8>) -> (cut: String?, hasMoreThanAnExcerpt: Bool) {
        guard !bytes.isEmpty else { return (nil, false) }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: maximumLength + 2) { starts in
            let count = characterStarts(of: bytes, into: starts)
            return (self.cut(bytes, starts: starts, count: count), count == maximumLength + 2)
        }
    }

    /// The excerpt of valid UTF-8, or `nil` when the text is short enough to be its own excerpt.
    private static func cut(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: maximumLength + 1) { starts in
            // starts[k] is where Character k begins; the walk stops at the start of Character 161.
            cut(bytes, starts: starts, count: characterStarts(of: bytes, into: starts))
        }
    }

    /// The excerpt, given where the first `count` Characters of the text begin (`starts`, at least
    /// `maximumLength + 1` of them when the text has that many), or `nil` when the text is its own excerpt.
    private static func cut(
        _ bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeMutableBufferPointer<Int>, count: Int
    ) -> String? {
        guard count > maximumLength else { return nil }
        // Characters 0..<kept; the last space among the first `maximumLength` is a Character of its own
        // when it is one byte long.
        var kept = maximumLength
        for character in stride(from: maximumLength - 1, through: 0, by: -1)
        where bytes[starts[character]] == UInt8(ascii: " ") && starts[character + 1] == starts[character] + 1 {
            kept = character
            break
        }
        // Only the end is trimmed: an opening quote or bracket stays. A Character is punctuation or
        // white space as its first scalar is.
        while kept > 0, isTrimmed(StandaloneScalars.decode(bytes, at: starts[kept - 1]).value) { kept -= 1 }
        var excerpt = UTF8Text.string(validUTF8: UnsafeBufferPointer(rebasing: bytes[..<starts[kept]]))
        excerpt += "…"
        return excerpt
    }

    /// Where the first Characters of valid UTF-8 begin, as many as `starts` holds; returns how many there are.
    /// The text is walked once, and only as far as that.
    private static func characterStarts(
        of bytes: UnsafeBufferPointer<UInt8>, into starts: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        StandaloneScalars.withBasicPlane { characterStarts(of: bytes, into: starts, plane: $0) }
    }

    /// `characterStarts(of:into:)` with the standalone scalars' table (`StandaloneScalars.withBasicPlane`).
    @inline(__always)
    private static func characterStarts(
        of bytes: UnsafeBufferPointer<UInt8>, into starts: UnsafeMutableBufferPointer<Int>,
        plane: UnsafeBufferPointer<UInt64>
    ) -> Int {
        var count = 0
        var index = 0
        var previous = Unicode.Scalar(UInt8(0))
        var previousStandalone = true
        // The recognizer of the Character being walked, when `hasRecognizer`: a flag beside a plain value
        // rather than an Optional, which was copied out and stored back at each step that asked it, and
        // destroyed at each run of ASCII.
        var recognizer = Unicode._CharacterRecognizer()
        var hasRecognizer = false
        while index < bytes.count {
            // ASCII but CR after a standalone scalar: a Character of its own, with no look-up at all.
            if index > 0, previousStandalone, bytes[index] < 0x80, bytes[index] != 0x0D {
                hasRecognizer = false
                repeat {
                    starts[count] = index
                    count += 1
                    index += 1
                } while count < starts.count && index < bytes.count && bytes[index] < 0x80 && bytes[index] != 0x0D
                if count == starts.count { break }
                previous = Unicode.Scalar(bytes[index - 1])
                continue
            }
            let (value, length) = StandaloneScalars.decode(bytes, at: index)
            let scalar = Unicode.Scalar(value).unsafelyUnwrapped
            let standalone = StandaloneScalars.contains(value, plane: plane)
            let isBreak: Bool
            if index == 0 {
                isBreak = true
            } else if previousStandalone && standalone {
                // Between two standalone scalars there is always a boundary, whatever came before.
                isBreak = true
                hasRecognizer = false
            } else {
                // Before a standalone scalar nothing earlier than it matters (see StandaloneScalars).
                if !hasRecognizer {
                    recognizer = StandaloneScalars.recognizer(startingAt: previous)
                    hasRecognizer = true
                }
                isBreak = recognizer.hasBreak(before: scalar)
            }
            if isBreak {
                starts[count] = index
                count += 1
                if count == starts.count { break }
            }
            previous = scalar
            previousStandalone = standalone
            index += length
        }
        return count
    }

    private static func isTrimmed(_ value: UInt32) -> Bool {
        if value < 0x80 { return trimmedASCII[Int(value)] }
        let properties = Unicode.Scalar(value).unsafelyUnwrapped.properties
        return properties.isWhitespace || isPunctuation(properties.generalCategory)
    }

    private static func isPunctuation(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// The ASCII characters cut from the end of an excerpt: punctuation and whitespace, as `Character` sees them.
    private static let trimmedASCII: [Bool] = (0..<128).map { code in
        let character = Character(Unicode.Scalar(UInt8(code)))
        return character.isPunctuation || character.isWhitespace
    }
}
