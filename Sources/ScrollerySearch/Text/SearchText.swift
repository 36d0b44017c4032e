import Foundation
import ScrolleryCore

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

    /// The folded form of `text` as UTF-8 bytes.
    package static func foldedUTF8(_ text: String) -> [UInt8] {
        var folded: [UInt8] = []
        _ = appendFoldedTerms(of: text, to: &folded)
        return folded
    }

    /// Folds `text` (its first `maxFieldBytes` bytes) onto the end of `folded`, and cuts it into terms in
    /// the same pass: a scalar at a time through `SearchFoldTable`, which gives what `foldByNormalizing`
    /// gives.
    /// - Returns: the terms' ranges in `folded`, as `termRanges(inFolded:)` gives them for the folded bytes.
    package static func appendFoldedTerms(of text: String, to folded: inout [UInt8]) -> [Range<Int>] {
        var cut = text.utf8.count > maxFieldBytes ? String(prefix(text, bytes: maxFieldBytes)) : text
        let base = folded.count
        var tokenizer = SearchTokenizer()
        let folds = cut.withUTF8 { foldByTable($0, into: &folded, tokenizer: &tokenizer) }
        if folds {
            tokenizer.finish()
            return tokenizer.ranges
        }
        folded.removeSubrange(base...)
        folded += Array(foldByNormalizing(cut).utf8)
        return termRanges(inFolded: folded, from: base)
    }

    /// Folds `bytes` onto `folded` and gives `tokenizer` each folded scalar.
    /// - Returns: false, with `folded` and `tokenizer` partly done, when the text must be folded whole.
    private static func foldByTable(
        _ bytes: UnsafeBufferPointer<UInt8>, into folded: inout [UInt8], tokenizer: inout SearchTokenizer
    ) -> Bool {
        folded.reserveCapacity(folded.count + bytes.count)
        let table = SearchFoldTable.shared
        return tabledKinds.withUnsafeBufferPointer { kinds in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    let lower = byte.asciiLowercased
                    let start = folded.count
                    folded.append(lower)
                    tokenizer.add(kinds[Int(lower)], from: start, to: start + 1)
                    index += 1
                    continue
                }
                let (value, length) = StandaloneScalars.decode(bytes, at: index)
                let next = index + length
                if value >= 0xAC00, value <= 0xD7A3 {
                    appendHangul(value, to: &folded, tokenizer: &tokenizer)
                    index = next
                    continue
                }
                let slot = table.slot(value)
                if slot == 0 {
                    let start = folded.count
                    for offset in index..<next { folded.append(bytes[offset]) }
                    tokenizer.add(
                        value < 0x20000 ? kinds[Int(value)] : kind(of: value), from: start, to: folded.count)
                } else if slot == .max {
                    return false
                } else {
                    table.withReplacement(slot) { replacement in
                        var offset = 0
                        while offset < replacement.count {
                            let (folding, size) = StandaloneScalars.decode(replacement, at: offset)
                            let start = folded.count
                            folded.append(
                                contentsOf: UnsafeBufferPointer(rebasing: replacement[offset..<offset + size]))
                            tokenizer.add(kind(of: folding), from: start, to: folded.count)
                            offset += size
                        }
                    }
                }
                index = next
            }
            return true
        }
    }

    /// A Hangul syllable's jamo, by Unicode's algorithm (what its decomposition is).
    private static func appendHangul(_ value: UInt32, to folded: inout [UInt8], tokenizer: inout SearchTokenizer) {
        let index = value - 0xAC00
        let trailing = index % 28
        for jamo in [0x1100 + index / 588, 0x1161 + (index % 588) / 28, trailing == 0 ? 0 : 0x11A7 + trailing]
        where jamo != 0 {
            let start = folded.count
            folded.append(UInt8(0xE0 | jamo >> 12))
            folded.append(UInt8(0x80 | (jamo >> 6) & 0x3F))
            folded.append(UInt8(0x80 | jamo & 0x3F))
            tokenizer.add(kind(of: jamo), from: start, to: start + 3)
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
        var folded: [UInt8] = []
        return appendFoldedTerms(of: text, to: &folded).map { String(decoding: folded[$0], as: UTF8.self) }
    }

    /// The terms of text already folded.
    package static func terms(ofFolded folded: String) -> [String] {
        let bytes = Array(folded.utf8)
        return termRanges(inFolded: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Where the terms of folded text are, in order, repeats included: at most `maxTermsPerField`. A term
    /// is always a run of the text's own bytes (a word, its first `maxTermScalars` scalars, or a bigram).
    package static func termRanges(inFolded bytes: [UInt8]) -> [Range<Int>] {
        termRanges(inFolded: bytes, from: 0)
    }

    /// The terms of the folded text that starts at `start` in `bytes`, as ranges of `bytes`.
    private static func termRanges(inFolded bytes: [UInt8], from start: Int) -> [Range<Int>] {
        bytes.withUnsafeBufferPointer { bytes in
            var tokenizer = SearchTokenizer()
            var index = start
            while index < bytes.count, !tokenizer.isFull {
                let (value, length) = StandaloneScalars.decode(bytes, at: index)
                tokenizer.add(kind(of: value), from: index, to: index + length)
                index += length
            }
            tokenizer.finish()
            return tokenizer.ranges
        }
    }

    /// What a scalar of folded text is to the tokeniser.
    enum Kind { case word, bigram, separator }

    static func kind(of scalar: Unicode.Scalar) -> Kind {
        kind(of: scalar.value)
    }

    @inline(__always)
    static func kind(of value: UInt32) -> Kind {
        value < 0x20000 ? tabledKinds[Int(value)] : lookedUpKind(of: value)
    }

    /// The kind of every scalar of the first two planes (most scripts, symbols and emoji), worked out once
    /// (128 kB).
    private static let tabledKinds: [Kind] = (0..<0x20000).map { lookedUpKind(of: UInt32($0)) }

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
