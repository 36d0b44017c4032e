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
        String(decoding: foldedUTF8(text), as: UTF8.self)
    }

    /// The folded form of `text` as UTF-8 bytes: a scalar at a time, through `SearchFoldTable`, which
    /// gives what `foldByNormalizing` gives.
    package static func foldedUTF8(_ text: String) -> [UInt8] {
        var cut = text.utf8.count > maxFieldBytes ? String(prefix(text, bytes: maxFieldBytes)) : text
        return cut.withUTF8 { bytes in
            var folded: [UInt8] = []
            folded.reserveCapacity(bytes.count)
            let table = SearchFoldTable.shared
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    folded.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
                    index += 1
                    continue
                }
                let (value, length) = StandaloneScalars.decode(bytes, at: index)
                let next = index + length
                if value >= 0xAC00, value <= 0xD7A3 {
                    appendHangul(value, to: &folded)
                } else {
                    switch table.fold(value) {
                    case .same: folded.append(contentsOf: bytes[index..<next])
                    case .bytes(let replacement): folded.append(contentsOf: replacement)
                    case .whole: return Array(foldByNormalizing(String(decoding: bytes, as: UTF8.self)).utf8)
                    }
                }
                index = next
            }
            return folded
        }
    }

    /// A Hangul syllable's jamo, by Unicode's algorithm (what its decomposition is).
    private static func appendHangul(_ value: UInt32, to folded: inout [UInt8]) {
        let index = value - 0xAC00
        var jamo = [0x1100 + index / 588, 0x1161 + (index % 588) / 28]
        if index % 28 != 0 { jamo.append(0x11A7 + index % 28) }
        for scalar in jamo {
            folded += [UInt8(0xE0 | scalar >> 12), UInt8(0x80 | (scalar >> 6) & 0x3F), UInt8(0x80 | scalar & 0x3F)]
        }
    }

    /// Folding as defined: the text decomposed (NFKD) and lowercased whole, marks removed, a few letters
    /// spelled out. `SearchFoldTable` records what this makes of each scalar.
    package static func foldByNormalizing(_ text: String) -> String {
        let lowered = text.decomposedStringWithCompatibilityMapping.lowercased()
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
        let bytes = Array(folded.utf8)
        return termRanges(inFolded: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Where the terms of folded text are, in order, repeats included: at most `maxTermsPerField`. A term
    /// is always a run of the text's own bytes (a word, its first `maxTermScalars` scalars, or a bigram).
    package static func termRanges(inFolded bytes: [UInt8]) -> [Range<Int>] {
        bytes.withUnsafeBufferPointer { termRanges(inFolded: $0) }
    }

    private static func termRanges(inFolded bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var terms: [Range<Int>] = []
        var wordStart = 0
        var wordEnd = 0
        var wordLength = 0
        var previousBigram: Range<Int>?
        var runLength = 0
        func endWord() {
            if wordLength > 0 { terms.append(wordStart..<wordEnd) }
            wordLength = 0
        }
        var index = 0
        while index < bytes.count {
            if terms.count >= maxTermsPerField { break }
            let (value, length) = StandaloneScalars.decode(bytes, at: index)
            let next = index + length
            switch kind(of: value) {
            case .word:
                if let previous = previousBigram, runLength == 1 { terms.append(previous) }
                previousBigram = nil
                runLength = 0
                if wordLength == 0 { wordStart = index }
                if wordLength < maxTermScalars { wordEnd = next }
                wordLength += 1
            case .bigram:
                endWord()
                if let previous = previousBigram { terms.append(previous.lowerBound..<next) }
                previousBigram = index..<next
                runLength += 1
            case .separator:
                endWord()
                if let previous = previousBigram, runLength == 1 { terms.append(previous) }
                previousBigram = nil
                runLength = 0
            }
            index = next
        }
        endWord()
        if let previous = previousBigram, runLength == 1, terms.count < maxTermsPerField {
            terms.append(previous)
        }
        return Array(terms.prefix(maxTermsPerField))
    }

    /// What a scalar of folded text is to the tokeniser.
    enum Kind { case word, bigram, separator }

    static func kind(of scalar: Unicode.Scalar) -> Kind {
        kind(of: scalar.value)
    }

    @inline(__always)
    static func kind(of value: UInt32) -> Kind {
        value < 0x10000 ? planeZeroKinds[Int(value)] : lookedUpKind(of: value)
    }

    /// The kind of every scalar of the Basic Multilingual Plane, worked out once (64 kB).
    private static let planeZeroKinds: [Kind] = (0..<0x10000).map { lookedUpKind(of: UInt32($0)) }

    private static func lookedUpKind(of value: UInt32) -> Kind {
        guard let scalar = Unicode.Scalar(value) else { return .separator }
        if scalar.isASCII {
            return (0x30...0x39).contains(value) || (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value)
                ? .word : .separator
        }
        // Latin-1 and Latin Extended-A and B are letters, but for × and ÷.
        if (0xC0...0x24F).contains(value) {
            return value == 0xD7 || value == 0xF7 ? .separator : .word
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .spacingMark:
            return isBigramScript(value) ? .bigram : .word
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
