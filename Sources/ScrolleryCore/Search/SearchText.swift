import Foundation

/// How text becomes search terms, the same way for the index (here) and for a query (the theme's
/// `search.js`, which does the same steps): fold, then cut into words and character bigrams.
///
/// Folding: the text's first `maxFieldBytes` bytes are decomposed (Unicode NFKD), lowercased, stripped of
/// combining marks (general categories Mn and Me), then a few letters without a decomposition are
/// spelled out (`ß`→`ss`, `ı`→`i`, `ς`→`σ`, `ø`→`o`, `đ`→`d`, `ł`→`l`, `ħ`→`h`, `æ`→`ae`, `œ`→`oe`). So
/// `Reykjavík` is `reykjavik`, `Straße` is `strasse`, and the Turkish `İ`, `I`, `ı` and `i` all fold to `i`
/// whatever the locale.
///
/// Terms: a word is a run of letters, digits and spacing marks (L*, N*, Mc). A run of a script written
/// without spaces (Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar) gives its character bigrams instead
/// (`東京都` → `東京`, `京都`; one character alone is its own term). Everything else separates terms and is
/// not indexed: spaces, punctuation, symbols and emoji, control characters.
package enum SearchText {
    /// The bytes of a field that are read; the rest is not indexed (a 1 MB title costs 16 kB of work).
    package static let maxFieldBytes = 16_384
    /// The longest term, in Unicode scalars: a longer word is cut to its first 32.
    package static let maxTermScalars = 32
    /// The most terms taken from one field, in order.
    package static let maxTermsPerField = 2_000

    /// The folded form of `text` (its first `maxFieldBytes` bytes), as described on the type.
    package static func fold(_ text: String) -> String {
        let cut = prefix(text, bytes: maxFieldBytes)
        if cut.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: cut.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        let lowered = String(cut).decomposedStringWithCompatibilityMapping.lowercased()
        var folded = String.UnicodeScalarView()
        for scalar in lowered.unicodeScalars {
            // No combining mark comes before U+0300: most scalars need no look-up.
            if scalar.value >= 0x300 {
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .enclosingMark: continue
                default: break
                }
            }
            if let spelled = spelledOut[scalar.value] {
                folded.append(contentsOf: spelled.unicodeScalars)
            } else {
                folded.append(scalar)
            }
        }
        return String(folded)
    }

    /// Letters that fold to others though Unicode gives them no decomposition.
    static let spelledOut: [UInt32: String] = [
        0xDF: "ss", 0x131: "i", 0x3C2: "σ", 0xF8: "o", 0x111: "d", 0x142: "l", 0x127: "h", 0xE6: "ae", 0x153: "oe",
    ]

    /// The terms of `text`, in order, repeats included: at most `maxTermsPerField`.
    package static func terms(in text: String) -> [String] {
        terms(ofFolded: fold(text))
    }

    /// The terms of text already folded.
    package static func terms(ofFolded folded: String) -> [String] {
        var terms: [String] = []
        var word = String.UnicodeScalarView()
        var wordLength = 0
        var previousBigram: Unicode.Scalar?
        func endWord() {
            if !word.isEmpty { terms.append(String(word)) }
            word = String.UnicodeScalarView()
            wordLength = 0
        }
        var runLength = 0
        for scalar in folded.unicodeScalars {
            if terms.count >= maxTermsPerField { break }
            switch kind(of: scalar) {
            case .word:
                if let previous = previousBigram, runLength == 1 { terms.append(String(previous)) }
                previousBigram = nil
                runLength = 0
                if wordLength < maxTermScalars { word.append(scalar) }
                wordLength += 1
            case .bigram:
                endWord()
                if let previous = previousBigram {
                    var pair = String.UnicodeScalarView()
                    pair.append(previous)
                    pair.append(scalar)
                    terms.append(String(pair))
                }
                previousBigram = scalar
                runLength += 1
            case .separator:
                endWord()
                if let previous = previousBigram, runLength == 1 { terms.append(String(previous)) }
                previousBigram = nil
                runLength = 0
            }
        }
        endWord()
        if let previous = previousBigram, runLength == 1, terms.count < maxTermsPerField {
            terms.append(String(previous))
        }
        return Array(terms.prefix(maxTermsPerField))
    }

    /// What a scalar of folded text is to the tokeniser.
    enum Kind { case word, bigram, separator }

    static func kind(of scalar: Unicode.Scalar) -> Kind {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value)
                ? .word : .separator
        }
        // Latin-1 and Latin Extended-A and B are letters, but for × and ÷: no look-up for them.
        if (0xC0...0x24F).contains(scalar.value) {
            return scalar.value == 0xD7 || scalar.value == 0xF7 ? .separator : .word
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .spacingMark:
            return isBigramScript(scalar.value) ? .bigram : .word
        default:
            return .separator
        }
    }

    /// The scripts written without spaces between words, by block.
    static func isBigramScript(_ value: UInt32) -> Bool {
        switch value {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x3005...0x3007, 0x3040...0x30FF, 0x31F0...0x31FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// The longest start of `text` of at most `bytes` UTF-8 bytes that ends on a whole scalar.
    package static func prefix(_ text: String, bytes: Int) -> Substring {
        let utf8 = text.utf8
        guard utf8.count > bytes else { return text[...] }
        var end = utf8.index(utf8.startIndex, offsetBy: bytes)
        while end > utf8.startIndex, UTF8.isContinuation(utf8[end]) { end = utf8.index(before: end) }
        return text[..<end]
    }
}
