import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryTestSites

/// The theme's assets under fingerprinted names (`assets/scrollery.<hex>.js`), which the pages reference
/// and a host may cache forever, beside their plain names for templates of a site's own.
@Suite("Fingerprinted theme assets")
struct ThemeAssetTests {
    /// The `assets/` paths a page refers to (`href`, `src`, `data-viewer`), without the base path.
    static func assetReferences(in html: String, base: String = "/") -> [String] {
        var found: [String] = []
        for attribute in ["href=\"", "src=\"", "data-viewer=\""] {
            for piece in html.components(separatedBy: attribute).dropFirst() {
                let url = String(piece.prefix { $0 != "\"" })
                if url.hasPrefix(base + "assets/") { found.append(String(url.dropFirst(base.count))) }
            }
        }
        return found
    }

    /// The fingerprint a name must carry for `data`: worked out here from `Fingerprint`, not by the code
    /// under test.
    static func expectedFingerprint(of data: Data) -> String {
        var fingerprint = Fingerprint(build: "theme asset")
        fingerprint.add(data)
        let hex = fingerprint.finalize().hex
        return hex.prefix(16).contains { $0.isLetter } ? String(hex.prefix(16)) : hex
    }

    /// Whether a deploy takes the name for fingerprinted (ScrolleryPublish's `CacheControl` rule): a part,
    /// between `.`s and `-`s, of at least 8 hex digits with a letter among them.
    static func deployCachesForever(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        return name.split(whereSeparator: { $0 == "." || $0 == "-" }).contains { part in
            part.count >= 8 && part.allSatisfy(\.isHexDigit) && part.contains(where: \.isLetter)
        }
    }

    /// Every HTML file of the output with its text.
    static func pages(of site: SiteFixture) throws -> [String: String] {
        try site.snapshot().filter { $0.key.hasSuffix(".html") }.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    @Test("pages reference fingerprinted names that exist, hash to their bytes, and the plain names stay")
    func pagesReferenceFingerprintedAssets() async throws {
        let site = try SiteFixture.numbered(7, pageSize: 5, extraConfig: "sections: { by: month }")
        defer { site.remove() }
        try await site.build(overrides: ConfigOverrides(baseURL: "/gallery"))
        let files = try site.snapshot()
        var referenced: Set<String> = []
        for (path, html) in try Self.pages(of: site) {
            let references = Self.assetReferences(in: html, base: "/gallery/")
            #expect(!references.isEmpty, "\(path) references no asset")
            referenced.formUnion(references)
        }
        // The default theme's pages between them load every script and the stylesheet, by fingerprint.
        #expect(referenced.count >= 6)
        for path in referenced {
            let name = String(path.dropFirst("assets/".count))
            let parts = name.split(separator: ".")
            #expect(parts.count == 3, "\(name) is not <name>.<fingerprint>.<extension>")
            guard parts.count == 3, let data = files[path] else {
                Issue.record("\(path) is referenced but not in the output")
                continue
            }
            #expect(String(parts[1]) == Self.expectedFingerprint(of: data), "\(name) does not name its bytes")
            #expect(Self.deployCachesForever(path), "\(path) would not be cached forever by a deploy")
            let plain = "assets/\(parts[0]).\(parts[2])"
            #expect(files[plain] == data, "\(plain) is missing or differs from \(path)")
            #expect(data == Data((DefaultTheme.files["\(parts[0]).\(parts[2])"] ?? "").utf8))
        }
        #expect(referenced.contains { $0.hasPrefix("assets/sections.") })
        #expect(referenced.contains { $0.hasPrefix("assets/viewer.") }, "scrollery.js is not told the viewer's name")
        // Nothing else is in assets/: each asset twice, plain and fingerprinted.
        let assets = files.keys.filter { $0.hasPrefix("assets/") }
        let published = ThemeAssets(theme: try Theme.load(overrides: nil), favorites: true, search: false).assets
        #expect(Set(assets) == Set(published.flatMap { ["assets/" + $0.name, "assets/" + $0.fingerprintedName] }))
    }

    @Test("the same bytes give the same names in any build; a rebuild keeps names and bytes")
    func deterministic() async throws {
        let first = try SiteFixture.numbered(6)
        let second = try SiteFixture.numbered(6)
        defer {
            first.remove()
            second.remove()
        }
        try await first.build()
        try await second.build()
        let assets = try first.snapshot().filter { $0.key.hasPrefix("assets/") }
        #expect(assets == (try second.snapshot().filter { $0.key.hasPrefix("assets/") }))
        let before = try first.snapshot()
        let summary = try await first.build()
        #expect(summary.filesChanged == 0)
        #expect(try first.snapshot() == before)
        let data = Data("body { color: teal }\n".utf8)
        let name = ThemeAssets.fingerprintedName("style.css", data: data)
        #expect(name == ThemeAssets.fingerprintedName("style.css", data: data))
        #expect(name != ThemeAssets.fingerprintedName("style.css", data: Data("x".utf8)))
    }

    @Test("a changed stylesheet in the site's theme gets a new name, and every page is rewritten with it")
    func changedStylesheet() async throws {
        let site = try SiteFixture.numbered(12, pageSize: 5)
        defer { site.remove() }
        try await site.build()
        let before = try site.snapshot()
        let oldStyle = try #require(before.keys.first { $0.hasPrefix("assets/style.") && $0 != "assets/style.css" })
        let script = try #require(
            before.keys.first { $0.hasPrefix("assets/scrollery.") && $0 != "assets/scrollery.js" })

        let templates = site.folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let css = "body { color: rebeccapurple }\n"
        try css.write(to: templates.appendingPathComponent("style.css"), atomically: true, encoding: .utf8)
        let summary = try await site.build()
        let after = try site.snapshot()
        let newStyle = "assets/style.\(Self.expectedFingerprint(of: Data(css.utf8))).css"
        #expect(newStyle != oldStyle)
        #expect(after[newStyle] == Data(css.utf8))
        #expect(after["assets/style.css"] == Data(css.utf8))
        #expect(after[oldStyle] == nil, "the old stylesheet's name is left in the output")
        #expect(after[script] == before[script], "an unchanged asset keeps its name and bytes")
        let pages = try Self.pages(of: site)
        #expect(pages.count == before.keys.filter { $0.hasSuffix(".html") }.count)
        for (path, html) in pages {
            #expect(html.contains("/\(newStyle)\""), "\(path) does not reference the new stylesheet")
            #expect(!html.contains(oldStyle), "\(path) still references the old stylesheet")
        }
        #expect(summary.filesChanged >= pages.count + 2)

        // Back to the default stylesheet: its old name again.
        try FileManager.default.removeItem(at: templates.appendingPathComponent("style.css"))
        try await site.build()
        #expect(try site.read("index.html").contains("/\(oldStyle)\""))
        #expect(try site.snapshot()[oldStyle] == before[oldStyle])
    }

    @Test("a site's own template that names assets plainly still finds them")
    func plainNamesInOwnTemplate() async throws {
        let site = try SiteFixture.numbered(3)
        defer { site.remove() }
        let templates = site.folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let base = try #require(DefaultTheme.files["base.mustache"])
            .replacingOccurrences(of: "{{site.assets.style.css}}", with: "{{site.assetsURL}}style.css")
            .replacingOccurrences(
                of: #"{{site.assets.scrollery.js}}" data-viewer="{{site.assets.viewer.js}}""#,
                with: "{{site.assetsURL}}scrollery.js\"")
        #expect(base.contains("{{site.assetsURL}}scrollery.js\" defer"))
        try base.write(to: templates.appendingPathComponent("base.mustache"), atomically: true, encoding: .utf8)
        try "console.log('mine')\n".write(
            to: templates.appendingPathComponent("extra.min.js"), atomically: true, encoding: .utf8)
        try await site.build()
        let page = try site.read("index.html")
        #expect(page.contains(#"<link rel="stylesheet" href="/assets/style.css">"#))
        #expect(page.contains(#"<script src="/assets/scrollery.js" defer></script>"#))
        for path in Self.assetReferences(in: page) {
            #expect(site.exists(path), "\(path) is referenced but not in the output")
        }
        #expect(try site.read("assets/style.css") == DefaultTheme.files["style.css"])
        #expect(try site.read("assets/scrollery.js") == DefaultTheme.files["scrollery.js"])
        // An extra asset of the site's gets a fingerprinted name too, before its last extension.
        let extra = "assets/extra.min.\(Self.expectedFingerprint(of: Data("console.log('mine')\n".utf8))).js"
        #expect(try site.read(extra) == "console.log('mine')\n")
        #expect(site.exists("assets/extra.min.js"))
    }

    @Test("site.assets nests names by their dots, percent-encodes them, and leaves out clashing names")
    func templateNames() throws {
        let theme = try Theme.load(overrides: nil)
        var assets = ThemeAssets(theme: theme, favorites: false, search: true)
        #expect(!assets.assets.contains { FavoritesPage.scripts.contains($0.name) })
        #expect(assets.assets.contains { $0.name == "search.js" })
        assets = ThemeAssets(theme: theme, favorites: true, search: false)
        #expect(assets.assets.contains { $0.name == "favorites-page.js" })
        #expect(!assets.assets.contains { $0.name == "search.js" })

        let names = ["a b.css", "x", "x.js", "favorites-page.js", "LICENSE", "bad..name"]
        let fake = ThemeAssets(
            assets: names.sorted().map {
                ThemeAssets.Asset(
                    name: $0, fingerprintedName: ThemeAssets.fingerprintedName($0, data: Data($0.utf8)),
                    data: Data($0.utf8))
            })
        let value = fake.templateValue(assetsURL: "/g/assets/")
        func url(_ path: String) -> String? {
            var current: TemplateValue? = value
            for part in path.split(separator: ".") { current = current?.member(String(part)) }
            if case .text(let text) = current { return text }
            return nil
        }
        let page = try #require(url("favorites-page.js"))
        #expect(page.hasPrefix("/g/assets/favorites-page.") && page.hasSuffix(".js"))
        #expect(url("a b.css")?.hasPrefix("/g/assets/a%20b.") == true)
        #expect(url("x.js") != nil)
        #expect(url("x") == nil)
        #expect(url("LICENSE")?.hasPrefix("/g/assets/LICENSE.") == true)
        #expect(url("bad.name") == nil && url("bad") == nil)
        #expect(ThemeAssets.fingerprintedName("LICENSE", data: Data()).hasPrefix("LICENSE."))
        #expect(ThemeAssets.fingerprintedName(".htaccess", data: Data()).hasPrefix(".htaccess."))
    }
}
