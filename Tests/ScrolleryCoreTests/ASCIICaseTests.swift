import Testing

@testable import ScrolleryCore

/// ASCII letters compared without their case, and every other byte exactly.
@Suite("ASCII case")
struct ASCIICaseTests {
    @Test("only A to Z are lowered, each to its small letter; every other byte stays")
    func lowered() {
        for byte in UInt8.min...UInt8.max {
            let capital = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            #expect(byte.asciiLowercased == (capital ? byte + 32 : byte), "byte \(byte)")
        }
    }

    @Test(
        "a prefix matches in any case of its letters, and only its letters",
        arguments: [
            ("https://example.org", true),
            ("HTTPS://EXAMPLE.ORG", true),
            ("hTtPs://", true),
            ("https:/", false),
            ("https:\\\\", false),
            ("http://", false),
            ("", false),
            ("ｈttps://", false),
            ("HTTPS://\u{0}", true),
        ])
    func prefix(text: String, expected: Bool) {
        #expect(ASCIICase.hasPrefix(text.utf8, lowercase: "https://") == expected)
    }
}
