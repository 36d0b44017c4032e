import Testing

@testable import ScrolleryCore

/// The byte-level classes of the text paths agree with Unicode's properties on every scalar.
@Suite("Scalar classes")
struct ScalarClassTests {
    static let everyScalarPastASCII = (UInt32(0x80)...0x10FFFF).compactMap(Unicode.Scalar.init)

    @Test("white space past ASCII is exactly Unicode's White_Space, for every scalar")
    func whiteSpace() {
        let wrong = Self.everyScalarPastASCII.filter {
            WhiteSpace.isWhitespacePastASCII($0.value) != $0.properties.isWhitespace
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5).map { String($0.value, radix: 16) })")
    }

    @Test("white space is exactly Unicode's White_Space, for every scalar, and trimming takes only it")
    func whiteSpaceEverywhere() {
        let wrong = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
            WhiteSpace.isWhiteSpace($0.value) != $0.properties.isWhitespace
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5).map { String($0.value, radix: 16) })")
        let spaces = (UInt32(0)...0x3000).compactMap(Unicode.Scalar.init).filter(\.properties.isWhitespace)
        #expect(spaces.count == 25, "Unicode 16 has 25 White_Space scalars")
        for space in spaces {
            let text = "\(space)\u{2000}日本 \(space)語\u{301}\n\(space)"
            #expect(text.trimmingWhitespace() == "日本 \(space)語\u{301}", "U+\(String(space.value, radix: 16))")
            #expect(String(space).trimmingWhitespace() == "")
        }
        #expect("\u{200B}a\u{200B}".trimmingWhitespace() == "\u{200B}a\u{200B}", "zero width space is not White_Space")
        #expect("\u{1F600} ".trimmingWhitespace() == "\u{1F600}")
    }

    @Test("a control character is found in the bytes exactly when a scalar is unwanted, for every scalar")
    func controlCharacters() {
        var wrong: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            // Alone, and (for the two-byte range, where C1 is) between letters whose bytes must not be
            // mistaken for it.
            let texts = value < 0x800 ? [String(scalar), "é\(scalar)Ā", "a\u{00C2}\(scalar)"] : [String(scalar)]
            for text in texts {
                let expected = text.unicodeScalars.contains(where: ControlCharacters.isUnwanted)
                if ControlCharacters.containsUnwanted(text.utf8) != expected { wrong.append(value) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5).map { String($0, radix: 16) })")
        #expect(ControlCharacters.removed(from: "a\u{85}b\u{1B}[31mc\u{7F}d\u{A0}é") == "ab[31mcd\u{A0}é")
    }

    @Test("a control character is found at any place of a longer text, read sixteen bytes at a time")
    func controlCharactersInWords() {
        var wrong: [String] = []
        for value in UInt32(0)..<0x800 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for offset in 0..<33 {
                let text = String(repeating: "a", count: offset) + "\(scalar)" + "bcdefghijklmnopqrstuvw"
                let expected = ControlCharacters.isUnwanted(scalar)
                if ControlCharacters.containsUnwanted(text.utf8) != expected { wrong.append("\(value)@\(offset)") }
            }
        }
        // 0xC2 as the last byte of a chunk, its C1 continuation the first of the next.
        for offset in 0..<33 {
            let text = String(repeating: "é", count: offset) + "\u{85}" + String(repeating: "ü", count: 9)
            if !ControlCharacters.containsUnwanted(text.utf8) { wrong.append("C1 after \(offset) é") }
            let clean = String(repeating: "é", count: offset) + "\u{A0}©" + String(repeating: "ü", count: 9)
            if ControlCharacters.containsUnwanted(clean.utf8) { wrong.append("NBSP after \(offset) é") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// The table below U+10000 and the check past it say what the listed ranges say, scalar by scalar.
    @Test("a standalone scalar is one of ASCII but CR, or in a listed range")
    func standaloneTableMatchesRanges() {
        var wrong: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            let expected =
                value < 0x80 ? value != 0x0D : StandaloneScalars.listed.contains { $0.contains(value) }
            if StandaloneScalars.contains(value) != expected { wrong.append(value) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5).map { String($0, radix: 16) })")
        // Both sides of a range's end: the table's last range, one that ends a 64-bit word of the table
        // (U+2BFF), one past the table (U+1F300), and a range of one scalar (U+0E32).
        #expect(StandaloneScalars.contains(0xFF9D) && !StandaloneScalars.contains(0xFF9E))
        #expect(StandaloneScalars.contains(0x2BFF) && !StandaloneScalars.contains(0x2C00))
        #expect(StandaloneScalars.contains(0x1F300) && !StandaloneScalars.contains(0x1F2FF))
        #expect(
            StandaloneScalars.contains(0x0E32) && !StandaloneScalars.contains(0x0E31)
                && !StandaloneScalars.contains(0x0E33))
    }

    /// Standalone scalars are the ground of the byte-level grapheme walks: between two of them there must
    /// always be a boundary. Each is checked for the grapheme classes that could join a neighbour: extending
    /// (after a letter), prepended (before one), Hangul jamo (next to a syllable), regional indicator (next
    /// to itself), CR.
    @Test("every standalone scalar is its own Character next to letters, syllables and itself")
    func standaloneScalars() {
        var wrong: [UInt32] = []
        var listed = 0
        for value in UInt32(0)...0x10FFFF where StandaloneScalars.contains(value) {
            guard let scalar = Unicode.Scalar(value) else {
                wrong.append(value)
                continue
            }
            listed += 1
            let alone = String(scalar)
            let pairs = ["a" + alone, alone + "a", "가" + alone, alone + "가", "각" + alone, alone + alone]
            if !pairs.allSatisfy({ $0.count == 2 }) { wrong.append(value) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5).map { String($0, radix: 16) })")
        // The common scripts are in, the joining classes out.
        #expect(listed > 45_000)
        for value: UInt32 in [0x41, 0xE9, 0x416, 0x3A9, 0x6771, 0x30BF, 0xD55C, 0x645, 0x928, 0xE44, 0x1F389, 0x201C] {
            #expect(StandaloneScalars.contains(value), "\(String(value, radix: 16))")
        }
        for value: UInt32 in [
            0x0D, 0x301, 0x200D, 0xFE0F, 0x1F3FD, 0x1F1E6, 0x600, 0x94D, 0x93F, 0xE31, 0x1100, 0x1161,
        ] {
            #expect(!StandaloneScalars.contains(value), "\(String(value, radix: 16))")
        }
    }
}
