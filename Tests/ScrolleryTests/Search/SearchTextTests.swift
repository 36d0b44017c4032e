import Foundation
import ScrolleryTestSupport
import Testing

@testable import ScrolleryCore
@testable import ScrollerySearch
@testable import ScrolleryTestSites

/// Folding and terms: what the index and the page's script both do to text (docs/search.md).
@Suite("Search folding and terms")
struct SearchTextTests {
    @Test(
        "Case and diacritics fold to plain lowercase letters",
        arguments: [
            ("Reykjavík", "reykjavik"), ("Fernández", "fernandez"), ("Straße", "strasse"), ("STRASSE", "strasse"),
            ("ẞ", "ss"), ("Ærø", "aero"), ("Łódź", "lodz"), ("Đorđe", "dorde"), ("Œuvre", "oeuvre"),
            ("ＡＢＣ１", "abc1"), ("ﬁne", "fine"), ("Crème Brûlée", "creme brulee"),
        ])
    func folds(input: String, folded: String) {
        #expect(SearchText.fold(input) == folded)
    }

    @Test("Greek final sigma folds to sigma, so any form of a word finds the others")
    func greekSigma() {
        #expect(SearchText.fold("ΟΔΟΣ") == "οδοσ")
        #expect(SearchText.fold("οδος") == "οδοσ")
        #expect(SearchText.fold("Οδός") == "οδοσ")
    }

    @Test("Turkish İ, I, ı and i all fold to i, whatever the locale")
    func turkishI() {
        #expect(SearchText.fold("İstanbul") == "istanbul")
        #expect(SearchText.fold("ISPARTA") == "isparta")
        #expect(SearchText.fold("ısparta") == "isparta")
        #expect(SearchText.terms(in: "DİYARBAKIR") == ["diyarbakir"])
    }

    @Test("Words of every script are terms; punctuation, emoji and control characters separate them")
    func words() {
        #expect(SearchText.terms(in: "Harbour at night, 2024!") == ["harbour", "at", "night", "2024"])
        #expect(SearchText.terms(in: "Москва — Санкт-Петербург") == ["москва", "санкт", "петербург"])
        #expect(SearchText.terms(in: "مدينة القدس") == ["مدينة", "القدس"])
        #expect(SearchText.terms(in: "sunset 🌅🔥 beach 👍🏽") == ["sunset", "beach"])
        #expect(SearchText.terms(in: "a\u{0}b\u{7}c\u{1B}[31md\td") == ["a", "b", "c", "31md", "d"])
        #expect(SearchText.terms(in: "🌅🔥") == [])
    }

    @Test("Scripts without spaces give character bigrams; a lone character is its own term")
    func bigrams() {
        #expect(SearchText.terms(in: "東京都") == ["東京", "京都"])
        #expect(SearchText.terms(in: "京") == ["京"])
        #expect(SearchText.terms(in: "東京タワー tower") == ["東京", "京タ", "タワ", "ワー", "tower"])
        #expect(SearchText.terms(in: "ภาษาไทย").count >= 2)
        // A run next to a word: the word ends the run.
        #expect(SearchText.terms(in: "京tower") == ["京", "tower"])
        // Kana voicing marks are folded away, the same on both sides.
        #expect(SearchText.fold("が") == "か")
    }

    @Test("A long word is cut to 32 scalars; a field gives at most 2,000 terms")
    func termLimits() {
        let long = String(repeating: "a", count: 100)
        #expect(SearchText.terms(in: long) == [String(repeating: "a", count: 32)])
        let many = Array(repeating: "word", count: 5_000).joined(separator: " ")
        #expect(SearchText.terms(in: many).count == SearchText.maxTermsPerField)
    }

    @Test("A 1 MB title is read for its first 16 kB only, quickly")
    func hugeTitle() {
        let title = String(repeating: "Ünïcödé wörds ", count: 80_000)
        #expect(title.utf8.count > 1_000_000)
        let started = ContinuousClock.now
        let terms = SearchText.terms(in: title)
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(!terms.isEmpty && terms.count <= SearchText.maxTermsPerField)
        #expect(SearchText.fold(title).utf8.count <= SearchText.maxFieldBytes)
        // The cut never splits a scalar.
        #expect(SearchText.prefix("aé", bytes: 2) == "a")
    }

    @Test("Folding and cutting in one pass gives what folding and then cutting the folded text gives")
    func onePassMatchesTwo() {
        // Letters that fold to others or to nothing, Hangul syllables, ligatures, scripts cut into bigrams,
        // emoji, separators, and U+1B44, a mark that makes the whole text fold the slow way.
        let alphabet =
            "aZ9 .,é\u{301}ñÅøßŁżЖΩΣςẞİı東京タワー写真が한글مرحباनमस्तेไทย\u{FB01}\u{FF21}\u{2460}🎉👍🏽\u{A0}\t\u{7}—"
        var generator = SeededGenerator(seed: 20_261_126)
        var slowTexts = 0
        for round in 0..<3_000 {
            var text = generator.text(from: alphabet, maximumLength: 300)
            if round % 50 == 0 {
                text += "\u{1B05}\u{1B44}"
                slowTexts += 1
            }
            var folded = Array("before".utf8)
            let ranges = SearchText.appendFoldedTerms(of: text, to: &folded)
            let alone = Array(SearchText.foldByNormalizing(text).utf8)
            #expect(Array(folded.dropFirst(6)) == alone, "\(text.debugDescription)")
            let expected = SearchText.termRanges(inFolded: alone).map { ($0.lowerBound + 6)..<($0.upperBound + 6) }
            #expect(ranges == expected, "\(text.debugDescription)")
        }
        #expect(slowTexts == 60)
    }

    /// The inputs the browser test folds with `search.js`: the file holds what Swift makes of each, and
    /// both must agree with it (`SCROLLERY_RECORD=1` writes it anew).
    static let agreementInputs =
        [
            "Reykjavík", "Fernández", "Straße", "ΟΔΟΣ Οδός", "İstanbul ısparta DİYARBAKIR", "東京都 京都", "東京タワー",
            "ภาษาไทย", "Москва", "مدينة القدس", "sunset 🌅🔥 beach", "ＡＢＣ１ ﬁne", "Crème Brûlée", "Ærø Łódź Œuvre",
            "a\u{7}b\tc", "がぎぐ", "हिन्दी", "한국어 문장", String(repeating: "x", count: 40), "e\u{301}te\u{301}",
        ] + blockSamples

    /// A character of each block of 128 code points up to U+2FFFF (the first one of Unicode 15.0 or older that
    /// is not a control, private or surrogate), alone, within a word, doubled and tripled: a script's
    /// folding, its kind of term and its bigrams, compared in the browser whose Unicode may be newer.
    static let blockSamples: [String] = stride(from: 0x80, to: 0x30000, by: 0x80).compactMap { start in
        let sample = (start..<start + 0x80).lazy.compactMap { Unicode.Scalar(UInt32($0)) }.first { scalar in
            guard let age = scalar.properties.age, age.major < 15 || (age.major == 15 && age.minor == 0) else {
                return false
            }
            switch scalar.properties.generalCategory {
            case .control, .privateUse, .surrogate, .unassigned: return false
            default: return true
            }
        }
        guard let sample else { return nil }
        let character = String(Character(sample))
        return character + " Ab" + character + character + "Cd " + String(repeating: character, count: 3) + "x"
    }

    @Test("The browser's folding fixture holds what Swift makes of each input")
    func agreementFixture() throws {
        let file = ScrolleryCommand.repository.appendingPathComponent("Tests/browser/search_folding.json")
        var lines: [String] = []
        for input in Self.agreementInputs {
            let terms = SearchText.terms(in: input)
            let termList = try String(decoding: JSONSerialization.data(withJSONObject: terms), as: UTF8.self)
            let pair = try String(
                decoding: JSONSerialization.data(withJSONObject: [input, SearchText.fold(input)]), as: UTF8.self)
            lines.append("[\(pair.dropFirst().dropLast()),\(termList)]")
        }
        let expected = "[\n" + lines.joined(separator: ",\n") + "\n]\n"
        if ProcessInfo.processInfo.environment["SCROLLERY_RECORD"] == "1" {
            try expected.write(to: file, atomically: true, encoding: .utf8)
        }
        let recorded = try String(contentsOf: file, encoding: .utf8)
        #expect(recorded == expected, "run with SCROLLERY_RECORD=1 to record Tests/browser/search_folding.json")
    }
}
