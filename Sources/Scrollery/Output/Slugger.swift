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
        // An ASCII id (the usual case) is folded byte by byte, with the same result.
        if let slug = id.utf8.withContiguousStorageIfAvailable(asciiBase) ?? nil { return slug }
        return foldedBase(for: id)
    }

    /// The slug of an ASCII id, or `nil` for any other id.
    private static func asciiBase(_ id: UnsafeBufferPointer<UInt8>) -> String? {
        guard id.allSatisfy({ $0 < 0x80 }) else { return nil }
        var slug: [UInt8] = []
        slug.reserveCapacity(min(id.count, maximumLength))
        var pendingDash = false
        for byte in id {
            let lowered = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
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

    /// The slug of any id: case and diacritics folded away (`Crème` → `creme`), then as for ASCII.
    static func foldedBase(for id: String) -> String {
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
