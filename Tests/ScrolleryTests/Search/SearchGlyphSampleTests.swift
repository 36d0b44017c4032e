import Testing

@testable import Scrollery
@testable import ScrollerySearch

/// The root's `glyphs`: a character of each script of the cards' titles, which `search.js` lays out while
/// the page is idle so the browser has found their fonts before it draws the first results.
@Suite("Search glyph sample")
struct SearchGlyphSampleTests {
    @Test("One character of each script, the first met; Han and Hangul count as one script each")
    func oneOfEachScript() {
        var sample = SearchGlyphSample()
        sample.add("Reykjavík harbour")
        sample.add("Fernández in Straße")  // á and ß: the block of í
        sample.add("東京都の夜景")  // 東 (Han) and の (kana); 京, 都 and 夜 are Han too
        sample.add("北京 𠀋 서울 부산")  // Han again, a Han character outside the BMP, Hangul once
        sample.add("Москва ภาษาไทย القدس")
        #expect(sample.text == "í東の서Мภا")
    }

    @Test("ASCII, marks, spaces, controls and format characters are not sampled")
    func leavesOutWhatHasNoFontOfItsOwn() {
        var sample = SearchGlyphSample()
        sample.add("plain ASCII\u{0}\u{1B}[2J\t")
        sample.add("e\u{301}\u{200D}\u{00A0}\u{2028}\u{E000}\u{FEFF}")  // a mark, ZWJ, spaces, private use, BOM
        #expect(sample.text.isEmpty)
        sample.add("👩\u{200D}💻")  // two emoji of two blocks, and the joiner between them
        #expect(sample.text == "👩💻")
    }

    @Test("At most 64 characters, however many scripts the titles hold")
    func bounded() {
        var sample = SearchGlyphSample()
        for value in stride(from: 0x100, to: 0x2_0000, by: 0x40) {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            sample.add("title " + String(Character(scalar)))
        }
        #expect(sample.text.unicodeScalars.count == SearchLimits.glyphSamples)
        let blocks = sample.text.unicodeScalars.map(SearchGlyphSample.block(of:))
        #expect(Set(blocks).count == blocks.count)
    }
}
