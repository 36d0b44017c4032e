import ScrolleryCore
/// The default `Cache-Control` of a file: a year and `immutable` for a name that carries a content
/// fingerprint (its bytes can never change under that name), else revalidate on every use.
package enum CacheControl {
    package static let immutable = "public, max-age=31536000, immutable"
    package static let revalidate = "public, max-age=0, must-revalidate"

    package static func of(path: String) -> String {
        hasFingerprint(path) ? immutable : revalidate
    }

    /// Whether the file name (not its folders) has a part, between `.`s and `-`s, of at least 8 hex digits
    /// with a letter among them: `scrollery.3f9a2c1d.js`, `photo-0123abcd89ef-640.webp`. Digits alone do not
    /// count: `IMG-20240101-WA0001.jpg` holds a date, not a fingerprint, and must not be cached for a year.
    package static func hasFingerprint(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        return name.split(whereSeparator: { $0 == "." || $0 == "-" }).contains { part in
            part.utf8.count >= 8 && part.utf8.allSatisfy(Hex.isDigit)
                && part.utf8.contains { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
    }
}
