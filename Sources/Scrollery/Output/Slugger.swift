import Foundation

/// Makes URL- and file-safe slugs from item ids: lowercase ASCII letters, digits and single dashes,
/// never `.`, `..`, a `/` or a control character, and unique within a build (`a`, `a-2`, `a-3`, …).
struct Slugger: Sendable {
    static let maximumLength = 80
    private var used: Set<String> = []

    mutating func slug(for id: String) -> String {
        let base = Self.base(for: id)
        var candidate = base
        var counter = 2
        while used.contains(candidate) {
            candidate = "\(base)-\(counter)"
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }

    static func base(for id: String) -> String {
        let folded = id.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
        var slug = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
                if slug.count >= maximumLength { break }
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "item" : slug
    }
}
