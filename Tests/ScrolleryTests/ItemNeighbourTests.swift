import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

/// Item pages link to the previous and next item of the whole gallery, across listing pages, and carry
/// Open Graph / Twitter card tags (issue 14, point 2).
@Suite("Item neighbours and share tags")
struct ItemNeighbourTests {
    /// The `content` of `<meta property|name="name" …>`, if the page has it.
    func meta(_ name: String, in html: String) -> String? {
        for piece in html.components(separatedBy: "<meta ").dropFirst() {
            let element = piece.prefix { $0 != ">" }
            guard element.contains("property=\"\(name)\"") || element.contains("name=\"\(name)\""),
                let range = element.range(of: "content=\"")
            else { continue }
            return String(element[range.upperBound...].prefix { $0 != "\"" })
        }
        return nil
    }

    /// The `<a rel>` link of the page's previous/next navigation (not the back link).
    func navLink(_ rel: String, in html: String) -> String? {
        guard let nav = html.range(of: "<nav class=\"item-nav\"") else { return nil }
        return relLink(rel, in: String(html[nav.lowerBound...]))
    }

    @Test("12 items, 5 a page: every item links to its neighbours, across pages; the ends only one way")
    func neighboursAcrossPages() async throws {
        let site = try SiteFixture.numbered(12)
        defer { site.remove() }
        try await site.build()
        for position in 1...12 {
            let page = try site.read("items/\(position)/index.html")
            let previous = position > 1 ? "/items/\(position - 1)/" : nil
            let next = position < 12 ? "/items/\(position + 1)/" : nil
            #expect(navLink("prev", in: page) == previous, "item \(position)")
            #expect(navLink("next", in: page) == next, "item \(position)")
            #expect(relLink("prev", tag: "link", in: page) == previous, "item \(position)")
            #expect(relLink("next", tag: "link", in: page) == next, "item \(position)")
            if position < 12 { #expect(page.contains(">Item \(position + 1)</span></a>"), "item \(position)") }
            if position > 1 { #expect(page.contains(">Item \(position - 1)</span></a>"), "item \(position)") }
            #expect(page.contains(#"<script src="\#(assetURL("item.js"))" defer></script>"#))
        }
        // The page boundaries: 5 → 6 (listing pages 1 → 2) and 10 → 11 (2 → 3, the last page).
        #expect(try site.read("items/5/index.html").contains(#"href="/items/6/"><span class="item-nav-dir">Next"#))
        #expect(try site.read("items/11/index.html").contains(#"href="/items/10/"><span class="item-nav-dir">"#))
        let script = try site.read("assets/item.js")
        #expect(script.contains("ArrowLeft") && script.contains("ArrowRight"))
    }

    @Test("one item: no previous or next link at all")
    func singleItem() async throws {
        let site = try SiteFixture.numbered(1)
        defer { site.remove() }
        try await site.build()
        let page = try site.read("items/1/index.html")
        #expect(relLink("prev", in: page) == nil && relLink("next", in: page) == nil)
        #expect(relLink("prev", tag: "link", in: page) == nil && relLink("next", tag: "link", in: page) == nil)
    }

    @Test("a page exactly full: the last item of a page that ends the gallery has no next")
    func lastPageFull() async throws {
        let site = try SiteFixture.numbered(10)
        defer { site.remove() }
        try await site.build()
        #expect(navLink("next", in: try site.read("items/10/index.html")) == nil)
        #expect(navLink("prev", in: try site.read("items/10/index.html")) == "/items/9/")
        #expect(navLink("next", in: try site.read("items/5/index.html")) == "/items/6/")
    }

    @Test("a neighbour's new title renders the pages beside it again, and no other")
    func neighbourChangeRendersAgain() async throws {
        let site = try SiteFixture.numbered(12)
        defer { site.remove() }
        try await site.build()
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for path in try site.snapshot().keys {
            try FileManager.default.setAttributes(
                [.modificationDate: old], ofItemAtPath: site.output.appendingPathComponent(path).path)
        }
        let source = site.folder.appendingPathComponent("data/page-1.json")
        let text = try String(contentsOf: source, encoding: .utf8)
        #expect(text.contains(#""title":"Item 6""#))
        try text.replacingOccurrences(of: #""title":"Item 6""#, with: #""title":"Item six""#)
            .write(to: source, atomically: true, encoding: .utf8)
        try await site.build()
        func modified(_ path: String) throws -> Date? {
            try FileManager.default.attributesOfItem(atPath: site.output.appendingPathComponent(path).path)[
                .modificationDate] as? Date
        }
        for changed in ["items/5/index.html", "items/6/index.html", "items/7/index.html", "page/2/index.html"] {
            #expect(try modified(changed) != old, "\(changed) was not rendered again")
        }
        for same in ["items/4/index.html", "items/8/index.html", "index.html", "page/3/index.html"] {
            #expect(try modified(same) == old, "\(same) was rendered again")
        }
        #expect(try site.read("items/5/index.html").contains(">Item six</span></a>"))
        #expect(try site.read("items/7/index.html").contains(">Item six</span></a>"))
    }

    @Test("with a path as base URL: title and description, but no URL-valued tags (they must be absolute)")
    func shareTagsRelativeBase() async throws {
        let site = try SiteFixture.numbered(3)
        defer { site.remove() }
        try await site.build()
        let page = try site.read("items/2/index.html")
        #expect(meta("og:title", in: page) == "Item 2")
        #expect(meta("og:description", in: page) == "Text of item 2.")
        #expect(meta("og:type", in: page) == "article")
        #expect(meta("og:url", in: page) == nil)
        #expect(meta("og:image", in: page) == nil)
        #expect(meta("twitter:card", in: page) == "summary")
        #expect(!page.contains("rel=\"canonical\""))
    }

    @Test("with an absolute base URL: og:url and og:image are absolute, and a large Twitter card")
    func shareTagsAbsoluteBase() async throws {
        let site = try SiteFixture.numbered(3)
        defer { site.remove() }
        try await site.build(overrides: ConfigOverrides(baseURL: "https://example.org/g/"))
        let page = try site.read("items/2/index.html")
        #expect(meta("og:url", in: page) == "https://example.org/g/items/2/")
        #expect(meta("og:image", in: page) == "https://example.org/g/images/2.svg")
        #expect(meta("og:image:width", in: page) == "300")
        #expect(meta("og:image:height", in: page) == "200")
        #expect(meta("twitter:card", in: page) == "summary_large_image")
        #expect(page.contains(#"<link rel="canonical" href="https://example.org/g/items/2/">"#))
        #expect(navLink("next", in: page) == "/g/items/3/")
    }

    @Test("a picture's URL is remote when it starts with http:// or https:// in any case")
    func remoteSchemeInAnyCase() {
        for url in ["https://a.example/x.jpg", "HTTPS://A.EXAMPLE/", "Http://a", "hTtP://", "http://"] {
            #expect(PageRenderer.startsWithHTTPScheme(url), "\(url)")
        }
        for url in ["", "http:/a", "https:", "ftp://a", "/images/a.jpg", "ｈttp://a", "http:\\a", "xhttp://a"] {
            #expect(!PageRenderer.startsWithHTTPScheme(url), "\(url)")
        }
    }

    @Test("with images off, a remote picture is shared as it is, and text from the source is escaped in the tags")
    func shareTagsRemoteImageEscaped() async throws {
        let items: [[String: Any]] = [
            ["id": "a", "title": #"Quote " & <b>tag</b>"#, "image": "https://img.example.net/a.jpg?x=1&y=2"],
            ["id": "b", "title": "Second"],
        ]
        let site = try SiteFixture(
            items: items, details: ["a": #"{"description": "Says \"hi\" <script>x</script>"}"#],
            extraConfig: "images: { enabled: false }")
        defer { site.remove() }
        try await site.build()
        let page = try site.read("items/a/index.html")
        #expect(meta("og:image", in: page) == "https://img.example.net/a.jpg?x=1&amp;y=2")
        #expect(meta("og:title", in: page) == "Quote &quot; &amp; &lt;b&gt;tag&lt;/b&gt;")
        #expect(!page.contains("<script>x"))
        #expect(try site.read("items/b/index.html").contains(">Quote &quot; &amp; &lt;b&gt;tag&lt;/b&gt;</span></a>"))
    }
}
