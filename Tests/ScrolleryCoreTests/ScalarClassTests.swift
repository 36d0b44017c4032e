import Testing

@testable import ScrolleryCore

/// The byte-level classes of the text paths agree with Unicode's properties on every scalar.
@Suite("Scalar classes")
struct ScalarClassTests {
    static let everyScalarPastASCII = (UInt32(0x80)...0x10FFFF).compactMap(Unicode.Scalar.init)

    @Test("white space past ASCII is exactly Unicode's White_Space, for every scalar")
    func whiteSpace() {
        let wrong = Self.everyScalarPastASCII.filter {
            MarkdownRenderer.isWhitespacePastASCII($0.value) != $0.properties.isWhitespace
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5).map { String($0.value, radix: 16) })")
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
}
