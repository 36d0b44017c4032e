/// Scalars that never join a neighbour into one Character, unless that neighbour is itself not one of them:
/// between two standalone scalars there is always a grapheme boundary, whatever came before. They are the
/// letters, digits, punctuation and symbols of the common scripts (Latin, Greek, Cyrillic, Hebrew, Arabic
/// letters, Devanagari and Thai letters, CJK, kana, Hangul syllables, most emoji) and ASCII but CR.
///
/// Text walked scalar by scalar needs a grapheme break look-up only next to a scalar that is not
/// standalone: a combining mark, a joiner, a variation selector, an emoji modifier, a regional indicator, a
/// prepended sign, a Hangul jamo, CR. Every scalar listed here is checked against the standard library's
/// grapheme breaking by a test (`ScalarClassTests`), so a newer Unicode cannot change this silently.
package enum StandaloneScalars {
    /// Whether `value` is a standalone scalar: ASCII but CR, or a scalar of `listed`.
    @inline(__always)
    package static func contains(_ value: UInt32) -> Bool {
        withBasicPlane { contains(value, plane: $0) }
    }

    /// `contains(_:)` with the basic plane's bits read through `plane` (`withBasicPlane`), so that a walk over
    /// many scalars reaches the table once rather than at each scalar.
    @inline(__always)
    package static func contains(_ value: UInt32, plane: UnsafeBufferPointer<UInt64>) -> Bool {
        if value < 0x80 { return value != 0x0D }
        if value < 0x10000 { return plane[Int(value &>> 6)] &>> (value & 63) & 1 != 0 }
        return pastBasicPlane.contains { $0.contains(value) }
    }

    /// Calls `body` with the basic plane's bits, for `contains(_:plane:)`.
    @inline(__always)
    package static func withBasicPlane<Result>(_ body: (UnsafeBufferPointer<UInt64>) -> Result) -> Result {
        basicPlane.withUnsafeBufferPointer(body)
    }

    /// The scalars listed past ASCII: Latin-1 letters and signs (not the soft hyphen), Latin Extended; Greek
    /// and Cyrillic (not the Cyrillic combining marks); Hebrew and Arabic letters; Devanagari and Thai letters
    /// and digits; Vietnamese and Greek Extended; dashes, quotes, ellipsis, currency; letterlike symbols,
    /// arrows, mathematics, dingbats; CJK punctuation, kana and ideographs; Hangul syllables; full-width
    /// forms and half-width katakana (not the sound marks after them); emoji (not the skin-tone modifiers).
    package static let listed: [ClosedRange<UInt32>] = [
        0x00A0...0x00AC, 0x00AE...0x02FF, 0x0370...0x0482, 0x048A...0x052F, 0x05D0...0x05EA, 0x0620...0x064A,
        0x0671...0x06D3, 0x0904...0x0939, 0x0958...0x0961, 0x0964...0x0970, 0x0972...0x097F, 0x0E01...0x0E30,
        0x0E32...0x0E32, 0x0E3F...0x0E46, 0x0E4F...0x0E5B, 0x1E00...0x1FFF, 0x2010...0x2027, 0x2030...0x205E,
        0x2070...0x20CF, 0x2100...0x2BFF, 0x3001...0x3029, 0x3031...0x3096, 0x309B...0x30FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF9D, 0x1F300...0x1F3FA, 0x1F400...0x1F64F,
        0x1F680...0x1F6FF, 0x1F900...0x1F9FF,
    ]

    /// A bit for each scalar below U+10000, set where `listed` has it (ASCII's bits are not read).
    private static let basicPlane: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 0x10000 / 64)
        for range in listed where range.lowerBound < 0x10000 {
            for value in range.lowerBound...min(range.upperBound, 0xFFFF) {
                bits[Int(value >> 6)] |= 1 << (value & 63)
            }
        }
        return bits
    }()

    /// The ranges of `listed` past U+10000 (emoji), few enough to go through in turn.
    private static let pastBasicPlane = listed.filter { $0.upperBound >= 0x10000 }

    /// Whether two neighbouring scalars are one Character, when nothing before `first` could matter
    /// (as before white space, or after it): never for two standalone scalars, else as the standard
    /// library's grapheme breaking says.
    package static func join(_ first: UInt32, _ second: UInt32) -> Bool {
        if contains(first) && contains(second) { return false }
        guard let first = Unicode.Scalar(first), let second = Unicode.Scalar(second) else { return false }
        var recognizer = recognizer(startingAt: first)
        return !recognizer.hasBreak(before: second)
    }

    /// A grapheme break recognizer that has just seen `scalar` start a Character.
    package static func recognizer(startingAt scalar: Unicode.Scalar) -> Unicode._CharacterRecognizer {
        // It starts after a NUL, a control: there is a boundary before anything that follows one.
        var recognizer = Unicode._CharacterRecognizer()
        _ = recognizer.hasBreak(before: scalar)
        return recognizer
    }

    /// The bytes of the scalar whose valid UTF-8 starts with `lead` (a lead byte, not a continuation byte).
    @inline(__always)
    package static func scalarLength(lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// Where the scalar that holds byte `index` of valid UTF-8 starts: back over continuation bytes
    /// (10xxxxxx) to its lead byte.
    @inline(__always)
    package static func scalarStart(holding index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = index
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }

    /// The scalar that starts at `index` of valid UTF-8, and its length in bytes.
    @inline(__always)
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length = scalarLength(lead: lead)
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (value, length)
    }
}
