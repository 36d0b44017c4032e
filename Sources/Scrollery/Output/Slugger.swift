import Foundation

/// Makes URL- and file-safe slugs from item ids: lowercase ASCII letters, digits and single dashes,
/// never `.`, `..`, a `/` or a control character, and unique within a build (`a`, `a-2`, `a-3`, …).
struct Slugger: Sendable {
    static let maximumLength = 80
    /// The slugs given so far, as 64-bit FNV-1a hashes: a build keeps one per item, so 8 bytes, not the
    /// text. Two slugs that hash alike only cost the second a `-2`; it stays unique and deterministic.
    private var used: Set<UInt64> = []

    mutating func slug(for id: String) -> String {
        let base = Self.base(for: id)
        var candidate = base
        var counter = 2
        while used.contains(Self.hash(candidate)) {
            // The suffix fits within the maximum length: the base gives way to it.
            let suffix = "-\(counter)"
            var stem = base.prefix(Self.maximumLength - suffix.count)
            while stem.hasSuffix("-") { stem = stem.dropLast() }
            candidate = stem + suffix
            counter += 1
        }
        used.insert(Self.hash(candidate))
        return candidate
    }

    private static func hash(_ slug: String) -> UInt64 {
        slug.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }

    static func base(for id: String) -> String {
        let folded = id.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
        var slug = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                let dash = pendingDash && !slug.isEmpty
                guard slug.count + (dash ? 2 : 1) <= maximumLength else { break }
                if dash { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "item" : slug
    }
}
