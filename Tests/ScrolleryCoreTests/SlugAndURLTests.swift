import Foundation
import ScrolleryTestSupport
import Testing

@testable import ScrolleryCore

@Suite("Slugs and URLs")
struct SlugAndURLTests {
    // MARK: - Slugger

    /// Lowercase letters of any script with their marks, digits and single dashes; no ASCII punctuation,
    /// white space or control character, at most 80 bytes.
    static func isSafeSlug(_ slug: String) -> Bool {
        !slug.isEmpty && slug.utf8.count <= Slugger.maximumLength
            && slug.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    ? ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
                    : !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control
                        && !scalar.properties.isUppercase
            }
            && !slug.hasPrefix("-") && !slug.hasSuffix("-") && !slug.contains("--")
    }

    @Test(
        "slugs are lowercase letters of any script, digits and single dashes",
        arguments: [
            ("../../etc/passwd", "etc-passwd"),
            ("Hello World/..", "hello-world"),
            ("hello-world", "hello-world"),
            ("Crème Brûlée", "crème-brûlée"),
            ("  Ünïcödé  ", "ünïcödé"),
            ("Cre\u{0300}me", "crème"),
            ("Москва 2024", "москва-2024"),
            ("東京 タワー", "東京-タワー"),
            ("مرحبا بالعالم", "مرحبا-بالعالم"),
            ("नमस्ते दुनिया", "नमस्ते-दुनिया"),
            ("Ελληνικά!", "ελληνικά"),
            ("Nguyễn Văn Ánh", "nguyễn-văn-ánh"),
            ("🎉 party 🎉", "party"),
            ("a\u{85}b\u{9B}c", "a-b-c"),
            ("a\u{0}b\u{7}c\nd\te\u{7F}f", "a-b-c-d-e-f"),
            ("", "item"),
            (".", "item"),
            ("..", "item"),
            ("/", "item"),
            ("日本語", "日本語"),
            ("\u{200B}\u{FEFF}", "item"),
            ("Photo #12 (2024)", "photo-12-2024"),
            ("<script>alert(1)</script>", "script-alert-1-script"),
            ("%2e%2e%2f", "2e-2e-2f"),
        ])
    func slugBase(id: String, expected: String) {
        var slugger = Slugger()
        let slug = slugger.slug(for: id)
        #expect(slug == expected)
        #expect(Self.isSafeSlug(slug))
        #expect(!slug.contains("/"))
        #expect(!slug.contains(".."))
    }

    @Test("an ASCII id gets the slug that the Unicode path gives, on 5,000 random ids")
    func asciiSlugsMatchFolding() {
        var generator = SeededGenerator(seed: 20_261_121)
        for _ in 0..<5_000 {
            let id = generator.text(from: "aZ09 -_./\\#%()<>\t\n\u{0}\u{7F}KkSs", maximumLength: 120)
            #expect(Slugger.base(for: id) == Slugger.unicodeBase(for: id), "\(id.debugDescription)")
        }
    }

    @Test("ids in every script give safe slugs of at most 80 bytes, on 5,000 random ids")
    func unicodeSlugsAreSafe() {
        var generator = SeededGenerator(seed: 20_261_123)
        for _ in 0..<5_000 {
            let id = generator.text(
                from: "aZ9 -/.éÅøßŁżЖжΩω東京タワー한글مرحباनमस्ते\u{0301}\u{200D}🎉👩‍👩‍👧\u{0}\u{1B}\u{85}\u{202E}",
                maximumLength: 200)
            let slug = Slugger.base(for: id)
            #expect(Self.isSafeSlug(slug), "\(id.debugDescription) → \(slug.debugDescription)")
            #expect(slug != "." && slug != ".." && !slug.contains("/"))
        }
    }

    @Test("one id repeated 30,000 times gives 30,000 unique slugs in order, each in constant time")
    func repeatedIDs() {
        var slugger = Slugger()
        var warned: [String] = []
        var slugs: [String] = []
        for _ in 0..<30_000 {
            let slug = slugger.next(for: "Same")
            if let base = slug.firstRepeatOf { warned.append(base) }
            slugs.append(slug.text)
        }
        #expect(slugs.first == "same")
        #expect(slugs[1] == "same-2")
        #expect(slugs.last == "same-30000")
        #expect(Set(slugs).count == 30_000)
        #expect(warned == ["same"])
    }

    @Test("10,000 distinct ids in Chinese and Japanese give 10,000 distinct slugs without a suffix")
    func distinctCJKIDs() {
        var slugger = Slugger()
        let characters = Array(Set("東京大阪京都札幌福岡神戸横浜名古屋仙台広島写真夜明海山川花雪月星空")).sorted()
        var seen = Set<String>()
        for index in 0..<10_000 {
            var id = ""
            var rest = index
            repeat {
                id.append(characters[rest % characters.count])
                rest /= characters.count
            } while rest > 0
            id += index.isMultiple(of: 2) ? "の写真" : "タワー"
            let slug = slugger.slug(for: id)
            #expect(!slug.contains("-"), "\(id) → \(slug)")
            seen.insert(slug)
        }
        #expect(seen.count == 10_000)
        #expect(!seen.contains { $0.hasPrefix("item") })
    }

    @Test("ids that make the same slug get -2, -3, … so every slug is unique")
    func slugsAreUnique() {
        var slugger = Slugger()
        #expect(slugger.slug(for: "Hello World/..") == "hello-world")
        #expect(slugger.slug(for: "hello-world") == "hello-world-2")
        #expect(slugger.slug(for: "HELLO  world") == "hello-world-3")
        #expect(slugger.slug(for: "") == "item")
        #expect(slugger.slug(for: "...") == "item-2")
    }

    @Test("a suffixed slug does not collide with an id that already looks suffixed")
    func suffixCollisions() {
        var slugger = Slugger()
        let ids = ["a-2", "a", "a", "a-3", "a", "a 2"]
        let slugs = ids.map { slugger.slug(for: $0) }
        #expect(Set(slugs).count == ids.count, "\(slugs)")
        #expect(slugs.allSatisfy(Self.isSafeSlug))
    }

    @Test("separate builds start from fresh Sluggers and give the same slugs")
    func slugsAreDeterministic() {
        let ids = ["b", "a", "b", "B", "c"]
        var first = Slugger()
        var second = Slugger()
        #expect(ids.map { first.slug(for: $0) } == ids.map { second.slug(for: $0) })
        var third = Slugger()
        #expect(ids.map { third.slug(for: $0) } == ["b", "a", "b-2", "b-3", "c"])
    }

    /// Ids of 500 characters, by a short name.
    static let longIDCases: [String: String] = [
        "a × 500": String(repeating: "a", count: 500),
        "\"ab \" × 167": String(repeating: "ab ", count: 167),
        "\"abc \" × 125": String(repeating: "abc ", count: 125),
        "\"x/\" × 250": String(repeating: "x/", count: 250),
        "é × 500": String(repeating: "é", count: 500),
    ]

    @Test("an id of 500 characters gives a slug of at most 80", arguments: longIDCases.keys.sorted())
    func longIDs(name: String) throws {
        let id = try #require(Self.longIDCases[name])
        #expect(id.count >= 500)
        var slugger = Slugger()
        let slug = slugger.slug(for: id)
        #expect(slug.utf8.count <= Slugger.maximumLength, "\(slug.utf8.count) bytes: \(slug)")
        #expect(slug.utf8.count >= 60)
        #expect(Self.isSafeSlug(slug))
    }

    @Test("slugs made unique with a suffix stay within 80 characters")
    func suffixedLongSlugs() {
        var slugger = Slugger()
        let id = String(repeating: "a", count: 200)
        let slugs = (1...3).map { _ in slugger.slug(for: id) }
        #expect(Set(slugs).count == 3)
        for slug in slugs {
            #expect(slug.count <= Slugger.maximumLength, "\(slug.count) characters: \(slug)")
            #expect(Self.isSafeSlug(slug))
        }
    }

    // MARK: - SafeURL.external

    // MARK: - URIBytes

    @Test(
        "a slug's URL segment keeps the unreserved bytes, encodes every other byte in uppercase, spells out . and ..",
        arguments: [
            ("plain-Slug_1.2~x", "plain-Slug_1.2~x"), (".", "%2E"), ("..", "%2E%2E"), ("...", "..."), ("", ""),
            ("a b&c<d>'e\"", "a%20b%26c%3Cd%3E%27e%22"), ("москва", "%D0%BC%D0%BE%D1%81%D0%BA%D0%B2%D0%B0"),
            ("🎉", "%F0%9F%8E%89"), ("%41/?#", "%2541%2F%3F%23"), ("\u{7F}\u{0}", "%7F%00"),
        ])
    func slugSegment(slug: String, expected: String) {
        #expect(URIBytes.percentEncoded(slug) == expected)
        var bytes = Array("items/".utf8)
        URIBytes.appendPercentEncoded(slug, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "items/" + expected)
    }

    @Test("both forms of the encoding agree on every byte, alone and between letters of other scripts")
    func encodingsAgree() {
        for scalar in (0...0x2FF).compactMap(Unicode.Scalar.init) + ["東", "🎉", "\u{FFFE}"] {
            for text in [String(scalar), "ж\(scalar)京", "\(scalar).", ".\(scalar)"] {
                var bytes: [UInt8] = []
                URIBytes.appendPercentEncoded(text, to: &bytes)
                #expect(
                    String(decoding: bytes, as: UTF8.self) == URIBytes.percentEncoded(text),
                    "\(text.unicodeScalars.map(\.value))")
            }
        }
    }

    @Test(
        "http and https URLs are kept",
        arguments: [
            "https://example.org", "http://example.org/a/b?c=1&d=2#f", "HTTPS://Example.org/x",
            "https://example.org:8443/p", "  https://example.org/trimmed  ",
        ])
    func externalKept(url: String) {
        #expect(SafeURL.external(url) == url.trimmingCharacters(in: .whitespaces))
    }

    @Test(
        "every other URL is dropped",
        arguments: [
            "javascript:alert(1)", " javascript:alert(1)", "JaVaScRiPt:alert(1)", "\njavascript:alert(1)",
            "java\tscript:alert(1)", "vbscript:msgbox(1)", "data:text/html,<script>alert(1)</script>",
            "data:image/png;base64,AAAA", "file:///etc/passwd", "//evil.example", "//evil.example/x",
            "ftp://example.org/", "mailto:a@example.org", "https://exa mple.org", "https://example.org/a b",
            "https://example.org/\u{0}", "https://example.org/\u{7F}", "https://example.org\\@evil.example",
            "https://", "https:///path", "https:example.org", "/relative/path", "relative", "", "   ",
        ])
    func externalDropped(url: String) {
        #expect(SafeURL.external(url) == nil)
    }

    // MARK: - SafeURL.resource

    @Test(
        "relative and root-relative paths go under the base path",
        arguments: [
            ("images/1.svg", "/gallery/", "/gallery/images/1.svg"),
            ("/images/1.svg", "/gallery/", "/gallery/images/1.svg"),
            ("./images/1.svg", "/gallery/", "/gallery/images/1.svg"),
            ("images/1.svg", "/", "/images/1.svg"),
            ("images/a%20b.svg?v=2", "/", "/images/a%20b.svg?v=2"),
            ("images/1.svg", "https://example.org/g/", "/g/images/1.svg"),
        ])
    func resourceUnderBase(path: String, base: String, expected: String) throws {
        let baseURL = try #require(BaseURL(base))
        #expect(SafeURL.resource(path, base: baseURL) == expected)
    }

    @Test("http(s) resources are kept as they are")
    func resourceExternal() throws {
        let base = try #require(BaseURL("/gallery/"))
        #expect(SafeURL.resource("https://cdn.example.org/1.jpg", base: base) == "https://cdn.example.org/1.jpg")
    }

    @Test(
        "resources with other schemes or unsafe characters are dropped",
        arguments: [
            "javascript:alert(1)", " javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:image/svg+xml,<svg/>",
            "file:///etc/passwd", "//evil.example/x.png", "///evil.example/x.png", "\\\\evil.example\\x.png",
            "/\\evil.example", "vbscript:x", "c:/windows/x.png", "images/a b.svg", "images/\u{0}.svg", "",
        ])
    func resourceDropped(text: String) throws {
        let base = try #require(BaseURL("/gallery/"))
        #expect(SafeURL.resource(text, base: base) == nil)
    }

    @Test(
        "a relative resource path with a dot segment is dropped: it cannot climb above the base path",
        arguments: [
            "../secret.png", "images/../../secret.png", "./../secret.png", "%2e%2e/secret.png", "..", "a/%2E%2e/b.png",
            "images/./x.png",
        ])
    func resourceCannotClimb(text: String) throws {
        let base = try #require(BaseURL("/gallery/"))
        #expect(SafeURL.resource(text, base: base) == nil)
    }

    @Test(
        "dots that are not a segment of their own are kept, and stay inside the base path",
        arguments: ["a..b/x.png", "..hidden.png", "images/x..png", "images/...", "%2e%2e.png", "./images/x.png"])
    func resourceDotsInNames(text: String) throws {
        let base = try #require(BaseURL("/gallery/"))
        let resolved = try #require(SafeURL.resource(text, base: base))
        // What a browser requests: the path with dot segments (also percent-encoded ones) removed.
        let requested = try #require(URL(string: "https://example.org" + resolved)).standardized.path
        #expect(requested.hasPrefix("/gallery/"), "\(text) became \(resolved), which is \(requested)")
        #expect(resolved.hasPrefix("/gallery/"))
    }

    @Test("the byte-by-byte check decides as URLComponents does, on 20,000 random URLs and paths")
    func plainURLsMatchURLComponents() throws {
        let base = try #require(BaseURL("/gallery/"))
        var generator = SeededGenerator(seed: 20_261_121)
        let starts = [
            "http://", "https://", "HTTP://", "hTtPs://", "http:", "https:/", "//", "./", "/", "../", "./../", "",
            "images/", "a:", "c:/", "mailto:", "http://[::1]", "http://user@", "http://host:", "http://host:8080",
            "http://host:123456", "http://host:99999", "http://h_st~x", "http://-", "http://.",
        ]
        let pieces =
            Array("aZ09-._~!$&'()*+,;=:@/?#%[]{}<>|^`\\\" é\t")
            .map(String.init) + ["%20", "%2e", "%2E%2e", "%zz", "%4", ".", "..", "/./", "/../", "?", "#", "ex.org"]
        for _ in 0..<20_000 {
            var text = starts.randomElement(using: &generator) ?? ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                text += pieces.randomElement(using: &generator) ?? ""
            }
            let trimmed = text.trimmingWhitespace()
            #expect(SafeURL.external(text) == SafeURL.checkedExternal(trimmed), "\(text.debugDescription)")
            #expect(
                SafeURL.resource(text, base: base) == SafeURL.checkedResource(trimmed, base: base),
                "\(text.debugDescription)")
        }
    }
}
