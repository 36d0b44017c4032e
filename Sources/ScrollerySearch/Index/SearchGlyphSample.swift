/// One character of each script the result cards' titles are written in, the first met of each: the root's
/// `glyphs`, which `search.js` lays out while the page is idle, so the browser finds the fonts of the
/// gallery's scripts before the first results are drawn, not while drawing them.
///
/// A script is approximated by its block of 128 code points, the Han and Hangul ranges each counting as one.
/// ASCII, marks, spaces, controls and format characters are left out; at most `SearchLimits.glyphSamples`
/// characters are kept.
struct SearchGlyphSample {
    private var blocks = Set<UInt32>()
    private(set) var text = ""

    /// Adds the characters of `title` whose script has none in the sample yet.
    mutating func add(_ title: String) {
        guard blocks.count < SearchLimits.glyphSamples else { return }
        for scalar in title.unicodeScalars where !scalar.isASCII {
            let block = Self.block(of: scalar)
            guard !blocks.contains(block), Self.needsFont(scalar) else { continue }
            blocks.insert(block)
            text.unicodeScalars.append(scalar)
            if blocks.count == SearchLimits.glyphSamples { return }
        }
    }

    /// Whether `scalar` is drawn by a font of its own: not a mark (drawn with the letter before it), a space,
    /// a control, a format character or an unassigned or private code point.
    static func needsFont(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .spaceSeparator, .lineSeparator,
            .paragraphSeparator, .control, .format, .surrogate, .privateUse, .unassigned:
            return false
        default:
            return true
        }
    }

    /// The script block of `scalar`: its 128 code points, or all of Han, or all of Hangul.
    static func block(of scalar: Unicode.Scalar) -> UInt32 {
        let value = scalar.value
        switch value {
        case 0x3400...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return 0x4E00 >> 7
        case 0xAC00...0xD7AF: return 0xAC00 >> 7
        default: return value >> 7
        }
    }
}
