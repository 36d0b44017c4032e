import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

/// Favorites: a heart button on every card and item page, `favorites.js`, the `favorites/` page and its
/// link in the header; all of it gone with `theme.favorites: false`.
@Suite("Favorites")
struct FavoritesTests {
    func parse(_ yaml: String) throws -> SiteConfig {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scrollery-favorites-\(UUID().uuidString)", isDirectory: true)
        return try SiteConfig.parse(
            yaml: yaml, file: folder.appendingPathComponent("scrollery.yml"), environment: [:])
    }

    @Test("favorites are on unless the config turns them off")
    func configKey() throws {
        let minimal = ThemeLayoutTests.minimalYAML
        #expect(try parse(minimal).theme.favorites)
        #expect(try parse("theme: { favorites: true }\n" + minimal).theme.favorites)
        #expect(try parse("theme:\n  favorites: false\n" + minimal).theme == ThemeConfig(favorites: false))
        #expect(
            try parse("theme: { layout: grid, favorites: false }\n" + minimal).theme
                == ThemeConfig(layout: .grid, favorites: false))
    }

    @Test(
        "a bad value is refused naming the key and the line",
        arguments: [
            ("maybe", "`maybe`"), ("1", "`1`"), ("[true]", "expected a text value"), ("\"\"", "``"),
        ])
    func badValue(value: String, named: String) throws {
        #expect {
            try parse("title: T\ntheme:\n  favorites: \(value)\n" + ThemeLayoutTests.minimalYAML)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.key == "theme.favorites" && error.line == 3 && error.description.contains(named)
        }
    }

    /// Seven items, five a page; item 2's title is hostile markup.
    static func site(extraConfig: String = "") throws -> SiteFixture {
        let items: [[String: Any]] = (1...7).map {
            [
                "id": "\($0)", "title": $0 == 2 ? #"<b onclick="x">Two</b> & 'co'"# : "Item \($0)",
                "image": "https://example.org/\($0).jpg", "width": 300, "height": 200,
            ]
        }
        return try SiteFixture(items: items, extraConfig: "images: { enabled: false }\n" + extraConfig)
    }

    /// The `<button class="fav" …>…</button>` elements of a page, as written.
    func hearts(_ html: String) -> [String] {
        html.components(separatedBy: "<button class=\"fav\"").dropFirst().map {
            "<button class=\"fav\"" + ($0.components(separatedBy: "</button>").first ?? "") + "</button>"
        }
    }

    @Test("every card and item page has a hidden heart naming the item; the page and its script are written")
    func on() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await site.build()
        let first = try site.read("index.html")
        #expect(hearts(first).count == 5)
        #expect(
            hearts(first)[0]
                == #"<button class="fav" type="button" hidden aria-pressed="false" data-fav="1" data-fav-url="/items/1/">"#
                + #"<span class="sr-only">Favorite: Item 1</span></button>"#)
        // The title is text, escaped once, in the button's name.
        #expect(
            hearts(first)[1].contains(
                #"<span class="sr-only">Favorite: &lt;b onclick=&quot;x&quot;&gt;Two&lt;/b&gt; &amp; &#39;co&#39;</span>"#
            ))
        // The heart comes after the card's title, inside its body.
        let card = first.components(separatedBy: "id=\"item-3\"")[1].components(separatedBy: "</article>")[0]
        let title = try #require(card.range(of: "card-title"))
        let heart = try #require(card.range(of: "data-fav=\"3\""))
        #expect(title.lowerBound < heart.lowerBound)
        #expect(first.contains(#"<script src="\#(assetURL("favorites.js"))" defer></script>"#))
        #expect(first.contains(#"<nav class="site-nav" aria-label="Site"><a href="/favorites/">Favorites</a></nav>"#))
        #expect(hearts(try site.read("page/2/index.html")).count == 2)

        let item = try site.read("items/6/index.html")
        #expect(
            hearts(item)
                == [
                    #"<button class="fav" type="button" hidden aria-pressed="false" data-fav="6" data-fav-url="/items/6/">"#
                        + #"<span class="sr-only">Favorite: Item 6</span></button>"#
                ])
        #expect(item.contains(#"<script src="\#(assetURL("favorites.js"))" defer></script>"#))

        let page = try site.read("favorites/index.html")
        #expect(page.contains("<title>Favorites · Fixture Gallery</title>"))
        #expect(page.contains(#"<script src="\#(assetURL("favorites.js"))" defer></script>"#))
        #expect(page.contains(#"<script src="\#(assetURL("favorites-page.js"))" defer></script>"#))
        #expect(page.contains(#"<meta name="robots" content="noindex">"#))
        #expect(page.contains("this page needs JavaScript to show them"))
        #expect(page.contains(#"<div class="favorites-app" hidden>"#))
        #expect(try site.read("assets/favorites.js") == DefaultTheme.files["favorites.js"])
        #expect(try site.read("assets/favorites-page.js") == DefaultTheme.files["favorites-page.js"])
        #expect(!first.contains("assets/favorites-page") && !item.contains("assets/favorites-page"))
        // The page is the reader's own: not in the sitemap, and the pages without hearts load no script.
        #expect(!(try site.read("sitemap.xml")).contains("favorites"))
        #expect(!(try site.read("404.html")).contains("assets/favorites"))
    }

    @Test("the same input makes the same bytes, the favorites page included")
    func deterministic() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await site.build()
        let before = try site.snapshot()
        #expect(before["favorites/index.html"] != nil)
        try await site.build(BuildOptions(clean: true))
        #expect(try site.snapshot() == before)
    }

    @Test("theme.favorites: false: no buttons, no script, no page, no link; turning it off rewrites the pages")
    func off() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await site.build()
        #expect(site.exists("favorites/index.html") && site.exists("assets/favorites.js"))
        let file = site.folder.appendingPathComponent("scrollery.yml")
        let config = try String(contentsOf: file, encoding: .utf8)
        try (config + "theme: { favorites: false }\n").write(to: file, atomically: true, encoding: .utf8)
        try await site.build()
        for path in ["index.html", "page/2/index.html", "items/1/index.html", "items/7/index.html", "404.html"] {
            let html = try site.read(path)
            #expect(!html.contains("data-fav") && !html.contains("favorites"), "\(path) still offers favorites")
        }
        #expect(!site.exists("favorites/index.html") && !site.exists("assets/favorites.js"))
        #expect(!site.exists("assets/favorites-page.js"))
        #expect(site.exists("assets/scrollery.js"))
    }
}
