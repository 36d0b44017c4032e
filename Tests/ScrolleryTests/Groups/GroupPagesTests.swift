import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryTestSites

/// Groups on the built site: a page per value in a `rel=next` chain of the same cards, the list of values
/// by count, links from item pages, the sitemap and a feed per value, slugs that stay inside the output and
/// apart, and byte-identical rebuilds that rewrite only the pages of the values an item was or is in.
@Suite(.serialized) struct GroupPagesTests {
    static let config = """
        title: Groups
        pageSize: 2
        source: { url: "data/page-{{page}}.json", items: "", paginate: { style: page, first: 1 } }
        item: { id: "{{id}}", title: "{{name}}", description: "About {{name}}" }
        images: { enabled: false }
        groups:
          tag:
            values: "{{#tags}}{{.}}\\n{{/tags}}"
            title: "Tagged {{value}}"
          photographer: "{{author}}"
        search: { enabled: true, filters: [tag] }
        """

    static func site(_ items: [[String: Any]]) throws -> RemoteSite {
        let site = try RemoteSite(config: config)
        try write(items, in: site)
        return site
    }

    static func write(_ items: [[String: Any]], in site: RemoteSite) throws {
        let data = site.folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: items, options: [.sortedKeys])
            .write(to: data.appendingPathComponent("page-1.json"))
    }

    static var items: [[String: Any]] {
        [
            [
                "id": "1", "name": "Harbour at dawn", "author": "Ása Jónsdóttir",
                "tags": ["Reykjavík Harbour", "boats"],
            ],
            ["id": "2", "name": "Nets", "author": "Ása Jónsdóttir", "tags": ["boats"]],
            ["id": "3", "name": "Gulls", "author": "李小龍", "tags": ["boats", "birds"]],
            ["id": "4", "name": "Pier", "author": "Ása Jónsdóttir", "tags": ["boats", "reykjavík harbour"]],
            ["id": "5", "name": "Rope", "author": "", "tags": []],
        ]
    }

    /// The links of a page with `rel=next`, followed from `path`.
    static func chain(_ site: RemoteSite, from path: String) throws -> [String] {
        var pages: [String] = []
        var next: String? = path
        while let url = next {
            let decoded = url.removingPercentEncoding ?? url
            let html = try site.read(String(decoded.dropFirst()) + "index.html")
            pages.append(html)
            next = relLink("next", in: html)
        }
        return pages
    }

    @Test("a value's pages chain its items as cards in gallery order, numbered within the group")
    func valuePages() async throws {
        let site = try Self.site(Self.items)
        defer { site.remove() }
        _ = try await site.build()
        let boats = try Self.chain(site, from: "/tag/boats/")
        #expect(boats.count == 2)
        #expect(boats[0].contains("<title>Tagged boats · Groups</title>"))
        #expect(boats[0].contains(#"<h1 class="group-title">Tagged boats</h1>"#))
        let titles = boats.flatMap { page in
            page.components(separatedBy: "class=\"card-title\"").dropFirst().map {
                String($0.split(separator: ">")[2].split(separator: "<")[0])
            }
        }
        #expect(titles == ["Harbour at dawn", "Nets", "Gulls", "Pier"])
        // Positions within the group, so the scroll script and the viewer walk it as a gallery of its own.
        #expect(positions(in: boats[1]) == [3, 4])
        #expect(
            boats[0].contains(
                #"<link rel="alternate" type="application/atom+xml" title="Tagged boats" href="/tag/boats/feed.xml">"#))
        let photographer = try Self.chain(site, from: "/photographer/ása-jónsdóttir/")
        #expect(photographer.count == 2)
        // An item without a value is in no page of the group.
        #expect(!(try site.allOutputText()).contains("/photographer/item/"))
    }

    @Test("a value's pages have the site's sections: a heading where one starts, continued atop a page")
    func sectionsOnValuePages() async throws {
        let site = try RemoteSite(config: Self.config + "\nsections: { by: month, field: taken }\n")
        defer { site.remove() }
        let taken = ["2026-11-03", "2026-11-02", "2026-11-01", "2026-10-02", ""]
        try Self.write(
            zip(Self.items, taken).map { item, date in item.merging(["taken": date]) { _, new in new } }, in: site)
        _ = try await site.build()
        let boats = try Self.chain(site, from: "/tag/boats/")
        func headings(_ page: String) -> [String] {
            page.components(separatedBy: #"<h2 class="feed-section-title" id=""#).dropFirst().map {
                String($0.split(separator: "\"")[0]) + " "
                    + String($0.split(separator: ">")[2].split(separator: "<")[0])
            }
        }
        // Boats: items 1 and 2 (November) on page 1; item 3 (November, continued) and 4 (October) on page 2.
        #expect(boats.count == 2)
        #expect(headings(boats[0]) == ["section-1 November 2026"])
        #expect(headings(boats[1]) == ["section-1-page-2 November 2026", "section-4 October 2026"])
        #expect(boats[1].contains("feed-section--continued"))
        #expect(boats[0].contains(#"<script src="/assets/sections"#))
        #expect(boats[0].contains(#"data-date="2026-11-03""#))
        // Birds: item 3 alone, the first of its section in the group's chain.
        #expect(headings(try Self.chain(site, from: "/tag/birds/")[0]) == ["section-1 November 2026"])
        let photographer = try Self.chain(site, from: "/photographer/ása-jónsdóttir/")
        #expect(headings(photographer[0]) == ["section-1 November 2026"])
        #expect(headings(photographer[1]) == ["section-3 October 2026"])
        // Without sections, no heading.
        let plain = try Self.site(Self.items)
        defer { plain.remove() }
        _ = try await plain.build()
        #expect(headings(try Self.chain(plain, from: "/tag/boats/")[0]).isEmpty)
    }

    @Test("the list of values: most items first, then by name, each with its count and link")
    func valueList() async throws {
        let site = try Self.site(Self.items)
        defer { site.remove() }
        _ = try await site.build()
        let list = try site.read("tag/index.html")
        let names = list.components(separatedBy: #"<span class="group-value-name">"#).dropFirst().map {
            String($0.prefix { $0 != "<" })
        }
        #expect(names == ["boats", "Reykjavík Harbour", "birds", "reykjavík harbour"])
        #expect(list.contains(#"<span class="group-value-name">boats</span> <span class="group-value-count">4</span>"#))
    }

    @Test("values that make the same readable slug are kept apart, and the shared slug lists them")
    func sharedSlugs() async throws {
        let site = try Self.site(Self.items)
        defer { site.remove() }
        _ = try await site.build()
        let shared = try site.read("tag/reykjavík-harbour/index.html")
        let links = shared.components(separatedBy: #"<li class="group-value"><a href=""#).dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
        #expect(links.count == 2)
        #expect(links.allSatisfy { $0.hasPrefix("/tag/reykjav%C3%ADk-harbour~") })
        let first = try site.read(String((links[0].removingPercentEncoding ?? "").dropFirst()) + "index.html")
        let second = try site.read(String((links[1].removingPercentEncoding ?? "").dropFirst()) + "index.html")
        #expect(first.contains("Harbour at dawn") != second.contains("Harbour at dawn"))
        #expect(first.contains("Pier") != second.contains("Pier"))
        // The item page links to the readable slug, which leads to both.
        let item = try site.read("items/1/index.html")
        #expect(item.contains(#"<a href="/tag/reykjav%C3%ADk-harbour/">Reykjavík Harbour</a>"#))
        #expect(item.contains(#"<a class="item-group" href="/photographer/">photographer</a>"#))
    }

    @Test("a value that is its own slug is kept apart from one that makes the same slug, in either order")
    func ownSlugShared() async throws {
        for tags in [["boats", "Boats"], ["Boats", "boats"]] {
            let site = try Self.site([
                ["id": "1", "name": "One", "author": "A", "tags": [tags[0]]],
                ["id": "2", "name": "Two", "author": "A", "tags": [tags[1]]],
                ["id": "3", "name": "Three", "author": "A", "tags": ["gulls"]],
            ])
            defer { site.remove() }
            _ = try await site.build()
            let shared = try site.read("tag/boats/index.html")
            let links = shared.components(separatedBy: #"<li class="group-value"><a href=""#).dropFirst().map {
                String($0.prefix { $0 != "\"" })
            }
            #expect(links.count == 2 && links.allSatisfy { $0.hasPrefix("/tag/boats~") }, "\(tags)")
            // A value alone on its slug keeps the readable one.
            #expect(try site.read("tag/gulls/index.html").contains("Three"))
        }
    }

    @Test("hostile values never leave the output folder or break a page")
    func hostileValues() async throws {
        let long = String(repeating: "ä", count: 500_000)
        let values = ["../../etc", "/", "..", "a/b\\c", "\u{1B}[2J", "<script>alert(1)</script>", long, "   "]
        let site = try Self.site(
            values.enumerated().map {
                ["id": "\($0.offset)", "name": "Item \($0.offset)", "author": "x", "tags": [$0.element]]
            })
        defer { site.remove() }
        _ = try await site.build()
        let files = try SiteFixture.snapshot(of: site.output).keys
        #expect(files.allSatisfy { !$0.contains("..") })
        let tagFiles = files.filter { $0.hasPrefix("tag/") }
        #expect(tagFiles.allSatisfy { $0.split(separator: "/").allSatisfy { $0.utf8.count <= 255 } })
        // Escaped on every page (the search index keeps it as a JSON string, which its script escapes).
        let pages = try SiteFixture.snapshot(of: site.output).filter {
            $0.key.hasSuffix(".html") || $0.key.hasSuffix(".xml")
        }
        #expect(pages.values.allSatisfy { !String(decoding: $0, as: UTF8.self).contains("<script>alert(1)") })
        #expect(!FileManager.default.fileExists(atPath: site.folder.appendingPathComponent("etc").path))
    }

    @Test("the sitemap lists the groups' pages; each value has a feed; search's facet counts agree")
    func sitemapFeedAndFacets() async throws {
        let site = try Self.site(Self.items)
        defer { site.remove() }
        _ = try await site.build()
        let sitemap = try site.read("sitemap.xml")
        #expect(sitemap.contains("<loc>/tag/</loc>"))
        #expect(sitemap.contains("<loc>/tag/boats/</loc>"))
        #expect(sitemap.contains("<loc>/tag/boats/page/2/</loc>"))
        let feed = try site.read("tag/boats/feed.xml")
        #expect(feed.contains("<title>Tagged boats · Groups</title>"))
        #expect(feed.components(separatedBy: "<entry>").count - 1 == 4)
        let index = try site.read("search/index.json")
        #expect(index.contains("\"boats\""))
    }

    @Test("two builds write byte-identical files; a changed item rewrites only its values' pages")
    func incremental() async throws {
        let site = try Self.site(Self.items)
        defer { site.remove() }
        _ = try await site.build()
        let first = try SiteFixture.snapshot(of: site.output)
        let birdsBefore = try Self.modified(site, "tag/birds/index.html")
        let boatsBefore = try Self.modified(site, "tag/boats/page/2/index.html")
        _ = try await site.build()
        #expect(try SiteFixture.snapshot(of: site.output) == first)
        var changed = Self.items
        changed[0]["name"] = "Harbour at dusk"
        try Self.write(changed, in: site)
        _ = try await site.build()
        #expect(try site.read("tag/boats/index.html").contains("Harbour at dusk"))
        #expect(try Self.modified(site, "tag/birds/index.html") == birdsBefore)
        #expect(try Self.modified(site, "tag/boats/page/2/index.html") == boatsBefore)
    }

    @Test("spilled a run per item and merged, the pages are the same bytes as from one run in memory")
    func spilledRuns() async throws {
        let site = try Self.site(Self.items)
        defer { site.remove() }
        _ = try await site.build()
        let inMemory = try SiteFixture.snapshot(of: site.output)
        try FileManager.default.removeItem(at: site.output)
        _ = try await GroupPages.$spillBytesInTests.withValue(1) { try await site.build() }
        #expect(try SiteFixture.snapshot(of: site.output) == inMemory)
    }

    static func modified(_ site: RemoteSite, _ path: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: site.output.appendingPathComponent(path).path)[
            .modificationDate]
            as? Date
    }
}
