import ScrolleryTestSupport
import Testing

@testable import ScrolleryCore

@Suite("XML text")
struct XMLTextTests {
    @Test("escaping writes entities and drops what XML forbids")
    func escapes() {
        #expect(XMLText.escape("a & b <c> \"d\" 'e'") == "a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;")
        #expect(XMLText.escape("bell\u{7} tab\t line\n cr\r nul\u{0}") == "bell tab\t line\n cr\r nul")
        #expect(
            XMLText.escape("not\u{FFFE}chars\u{FFFF} but \u{FFFD} and \u{EFBF}") == "notchars but \u{FFFD} and \u{EFBF}"
        )
        let url = "https://example.org/gallery/items/%E4%BA%AC%E9%83%BD/"
        #expect(XMLText.escape(url) == url)
    }

    @Test("escaping any text gives what escaping it scalar by scalar gives")
    func matchesTheReference() {
        // Text made of the bytes the fast path looks at, their neighbours, and scalars of many scripts.
        let pieces: [String] = [
            "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{1F}", " ", "a", "/", "%",
            "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{FFBE}", "\u{EFBF}", "\u{BF}", "\u{BE}", "京都", "é", "Ω", "😀",
            "\u{301}", "ﾄ", "\u{7F}", "\u{85}",
        ]
        var generator = SeededGenerator(seed: 20_261_128)
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...12, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            #expect(XMLText.escape(text) == XMLText.escapeByScalars(text), "\(text.unicodeScalars.map(\.value))")
        }
    }
}
