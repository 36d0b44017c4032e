import Foundation

/// Makes URL- and file-safe slugs from item ids: lowercase letters of any script, digits and single dashes
/// (`Crème Brûlée` → `crème-brûlée`, `東京 タワー` → `東京-タワー`), at most 80 bytes of UTF-8, never `.`, `..`,
/// a `/` or a control character, and unique within a build (`a`, `a-2`, `a-3`, …) at a constant cost per
/// item however many ids repeat.
package struct Slugger: Sendable {
    package init() {}

    /// The most UTF-8 bytes of a slug: 80 ASCII letters, or 26 CJK characters, well inside a file name.
    package static let maximumLength = 80

    /// One item's slug.
    package struct Slug: Sendable, Equatable {
        /// The unique slug.
        package let text: String
        /// Set on the second item whose id makes `base` (the first repeat): the moment to warn, once.
        package let firstRepeatOf: String?
    }

    /// The slugs given so far, as 64-bit FNV-1a hashes: a build keeps one per item, so 8 bytes, not the
    /// text. Two slugs that hash alike only cost the second a `-2`; it stays unique and deterministic.
    private var used: Set<UInt64> = []
    /// For each base slug taken more than once, the next suffix to try: repeats cost O(1), not a search
    /// from `-2` up.
    private var nextSuffix: [UInt64: Int] = [:]

    package mutating func slug(for id: String) -> String {
        next(for: id).text
    }

    package mutating func next(for id: String) -> Slug {
        let base = Self.base(for: id)
        let baseHash = Self.hash(base)
        guard used.contains(baseHash) else {
            used.insert(baseHash)
            return Slug(text: base, firstRepeatOf: nil)
        }
        let first = nextSuffix[baseHash] ?? 2
        var counter = first
        var candidate = Self.suffixed(base, counter)
        // Only an id that itself slugs like `a-2` can have taken a suffixed slug: rarely more than one step.
        while used.contains(Self.hash(candidate)) {
            counter += 1
            candidate = Self.suffixed(base, counter)
        }
        nextSuffix[baseHash] = counter + 1
        used.insert(Self.hash(candidate))
        return Slug(text: candidate, firstRepeatOf: first == 2 && counter == 2 ? base : nil)
    }

    /// `base-counter`, within the maximum length: the base gives way to the suffix.
    private static func suffixed(_ base: String, _ counter: Int) -> String {
        let suffix = "-\(counter)"
        var stem = Substring(base)
        while stem.utf8.count + suffix.utf8.count > maximumLength { stem = stem.dropLast() }
        while stem.hasSuffix("-") { stem = stem.dropLast() }
        return stem + suffix
    }

    private static func hash(_ slug: String) -> UInt64 {
        slug.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }

    package static func base(for id: String) -> String {
        // An ASCII id (the usual case) is folded byte by byte, with the same result.
        if let slug = id.utf8.withContiguousStorageIfAvailable(asciiBase) ?? nil { return slug }
        return unicodeBase(for: id)
    }

    /// The slug of an ASCII id, or `nil` for any other id.
    private static func asciiBase(_ id: UnsafeBufferPointer<UInt8>) -> String? {
        guard id.allSatisfy({ $0 < 0x80 }) else { return nil }
        var slug: [UInt8] = []
        slug.reserveCapacity(min(id.count, maximumLength))
        var pendingDash = false
        for byte in id {
            let lowered = byte.asciiLowercased
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lowered)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lowered)
            {
                let dash = pendingDash && !slug.isEmpty
                guard slug.count + (dash ? 2 : 1) <= maximumLength else { break }
                if dash { slug.append(UInt8(ascii: "-")) }
                pendingDash = false
                slug.append(lowered)
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "item" : String(decoding: slug, as: UTF8.self)
    }

    /// The slug of any id: lowercased and in Unicode's composed form (NFC), keeping every character that
    /// starts with a letter or a digit of any script, with its marks (`é`, `क्षि`); everything else
    /// separates words. ASCII ids give what `asciiBase` gives.
    package static func unicodeBase(for id: String) -> String {
        let lowered = id.lowercased().precomposedStringWithCanonicalMapping
        var slug = ""
        var length = 0
        var pendingDash = false
        for character in lowered {
            guard let first = character.unicodeScalars.first, Self.isWordStart(first),
                character.unicodeScalars.allSatisfy(Self.isWordPart)
            else {
                pendingDash = true
                continue
            }
            let dash = pendingDash && !slug.isEmpty
            let bytes = character.utf8.count + (dash ? 1 : 0)
            guard length + bytes <= maximumLength else { break }
            if dash { slug.append("-") }
            pendingDash = false
            slug.append(character)
            length += bytes
        }
        return slug.isEmpty ? "item" : slug
    }

    /// A letter or a digit of any script (an ASCII one only if alphanumeric).
    private static func isWordStart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
        }
        switch scalar.properties.generalCategory {
        case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// A scalar that may stand in a slug's character: a word start, a mark, or a joiner that scripts
    /// such as Devanagari and Persian need inside a word.
    private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        if isWordStart(scalar) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return scalar == "\u{200C}" || scalar == "\u{200D}"
        }
    }
}
