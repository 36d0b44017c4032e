import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

/// `sections:` (issue 15, point 1 without the picker): headings in the feed where a section starts, a
/// continued heading at the top of a page that starts inside one, and the archive page.
@Suite("Sections")
struct SectionTests {
    func parse(_ yaml: String) throws -> SiteConfig {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scrollery-sections-\(UUID().uuidString)", isDirectory: true)
        return try SiteConfig.parse(
            yaml: yaml, file: folder.appendingPathComponent("scrollery.yml"), environment: [:])
    }

    @Test("sections are off unless the config says how to group; the field defaults to date")
    func configKeys() throws {
        let minimal = ThemeLayoutTests.minimalYAML
        #expect(try parse(minimal).sections == SectionsConfig(by: .none, field: "date"))
        for grouping in SectionGrouping.allCases {
            let config = try parse("sections: { by: \(grouping.rawValue) }\n" + minimal)
            #expect(config.sections == SectionsConfig(by: grouping, field: "date"))
        }
        let custom = try parse("sections:\n  by: week\n  field: detail.taken_at\n" + minimal)
        #expect(custom.sections == SectionsConfig(by: .week, field: "detail.taken_at"))
    }

    @Test(
        "a bad value is refused naming the key and the line",
        arguments: [
            ("sections:\n  by: fortnight\n", "sections.by", "`fortnight`"),
            ("sections:\n  by: Month\n", "sections.by", "`Month`"),
            ("sections:\n  by: [month]\n", "sections.by", "expected a text value"),
            ("sections:\n  field: \"{{date}}\"\n", "sections.field", "`{{date}}`"),
            ("sections:\n  field: \"a..b\"\n", "sections.field", "`a..b`"),
            ("sections:\n  field: \"\"\n", "sections.field", "``"),
            ("sections:\n  bye: month\n", "sections.bye", ""),
        ])
    func badValues(yaml: String, key: String, named: String) throws {
        #expect {
            try parse("title: T\n" + yaml + ThemeLayoutTests.minimalYAML)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.key == key && error.line == 3 && (named.isEmpty || error.description.contains(named))
        }
    }

    /// Twelve items, five a page, by month: November (1–3), October (4–7, across the first page break),
    /// no date (8), November again (9–12, across the second page break: a source out of order).
    static func site(by grouping: String = "month", options: String = "", extraConfig: String = "") throws
        -> SiteFixture
    {
        let dates: [String?] = [
            "2026-11-20", "2026-11-03T23:30:00-08:00", "2026-11-01", "2026-10-31", "2026-10-30T00:10:00+14:00",
            "2026-10-02", "2026-10-01", nil, "2026-11-30", "2026-11-29", "2026-11-28", "2026-11-27",
        ]
        let items: [[String: Any]] = dates.enumerated().map { index, date in
            var item: [String: Any] = [
                "id": "\(index + 1)", "title": "Item \(index + 1)", "image": "images/\(index + 1).svg", "width": 300,
                "height": 200,
            ]
            if let date { item["date"] = date }
            return item
        }
        return try SiteFixture(
            items: items, extraConfig: "sections: { by: \(grouping), field: date\(options) }\n" + extraConfig)
    }

    /// The `<h2>` headings of the feed on a page, as (id, text).
    func headings(_ html: String) -> [(id: String, text: String)] {
        html.components(separatedBy: "<h2 class=\"feed-section-title\" id=\"").dropFirst().map { piece in
            let id = String(piece.prefix { $0 != "\"" })
            let text = piece.components(separatedBy: "\">").dropFirst(2).first?.prefix { $0 != "<" } ?? ""
            return (id, String(text))
        }
    }

    @Test("headings where a section starts, and a continued heading on a page that starts inside one")
    func headingsOnPages() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await site.build()
        let first = try site.read("index.html")
        #expect(headings(first).map(\.id) == ["section-1", "section-4"])
        #expect(headings(first).map(\.text) == ["November 2026", "October 2026"])
        #expect(first.contains(#"<a href="/sections/#section-1">November 2026</a>"#))
        #expect(first.contains(#"<script src="\#(assetURL("sections.js"))" defer></script>"#))
        // Each card names its section, for the collapse script, and the day its date names (as written,
        // whatever the offset), for the picker to group it another way.
        #expect(
            first.contains(#"id="item-2" "#)
                && first.contains(#"data-section="section-1" data-date="2026-11-03" aria-labelledby="item-2-title""#))
        #expect(first.contains(#"data-section="section-4" data-date="2026-10-30" aria-labelledby="item-5-title""#))
        #expect(
            try site.read("page/2/index.html").contains(
                #"data-section="section-8" data-date="" aria-labelledby="item-8-title""#))
        // The picker, told the build's grouping; its options are the groupings.
        #expect(
            first.contains(
                #"<div class="section-picker" data-by="month" data-site="/" data-labels="{&quot;day&quot;:&quot;"#))
        #expect(
            SectionGrouping.allCases.allSatisfy { first.contains(#"<option value="\#($0.rawValue)">"#) })
        // The heading is an article of the feed, before its first card; a break ends the row above it.
        let feed = first.components(separatedBy: "role=\"feed\"")[1]
        let order = [
            "id=\"section-1\"", "id=\"item-1\"", "id=\"item-3\"", "section-break", "id=\"section-4\"",
            "id=\"item-4\"",
        ].map { feed.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        #expect(!feed.components(separatedBy: "id=\"item-1\"")[0].contains("section-break"))

        let second = try site.read("page/2/index.html")
        #expect(headings(second).map(\.id) == ["section-4-page-2", "section-8", "section-9"])
        #expect(headings(second).map(\.text) == ["October 2026", "Undated", "November 2026"])
        #expect(second.contains("feed-section feed-section--continued"))
        #expect(
            second.contains(
                #"<a href="/sections/#section-4">October 2026</a> <span class="feed-section-note">(continued)</span>"#))
        let third = try site.read("page/3/index.html")
        #expect(headings(third).map(\.id) == ["section-9-page-3"])
    }

    @Test("the archive lists every section in feed order, with its count and where it starts")
    func archive() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await site.build()
        let archive = try site.read("sections/index.html")
        let entries = archive.components(separatedBy: "<li class=\"archive-entry\"").dropFirst().map {
            String($0.prefix { $0 != "\n" })
        }
        #expect(
            entries == [
                #" id="section-1"><a href="/#item-1">November 2026</a> <span class="archive-count">3 items</span></li>"#,
                #" id="section-4"><a href="/#item-4">October 2026</a> <span class="archive-count">4 items</span></li>"#,
                #" id="section-8"><a href="/page/2/#item-8">Undated</a> <span class="archive-count">1 item</span></li>"#,
                #" id="section-9"><a href="/page/2/#item-9">November 2026</a> <span class="archive-count">4 items</span></li>"#,
            ])
        #expect(archive.contains("<title>Sections · Fixture Gallery</title>"))
        #expect(archive.hasSuffix("</html>\n"))
        #expect(site.exists("assets/sections.js"))
        // The same inputs make the same bytes.
        let before = try site.snapshot()
        try await site.build(BuildOptions(clean: true))
        #expect(try site.snapshot() == before)
    }

    @Test("a page whose items did not change is rendered again when what it shows of sections changes")
    func renderKeys() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await site.build()
        #expect(headings(try site.read("page/2/index.html")).first?.id == "section-4-page-2")
        // Item 4 moves to November: October now starts at item 5, on page 1; page 2's items are the same.
        let file = site.folder.appendingPathComponent("data/page-1.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var items = try #require(json["items"] as? [[String: Any]])
        items[3]["date"] = "2026-11-02"
        json["items"] = items
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: file)
        let summary = try await site.build()
        let second = try site.read("page/2/index.html")
        #expect(headings(second).first?.id == "section-5-page-2")
        #expect(second.contains(#"<a href="/sections/#section-5">October 2026</a>"#))
        #expect(try site.read("sections/index.html").contains(#"<a href="/#item-5">October 2026</a>"#))
        #expect(summary.filesChanged > 0)
    }

    @Test("by week and by day: ISO weeks and day headings; by year, one section per year")
    func otherGroupings() async throws {
        let week = try Self.site(by: "week")
        defer { week.remove() }
        try await week.build()
        #expect(
            headings(try week.read("index.html")).map(\.text) == ["Week 47, 2026", "Week 45, 2026", "Week 44, 2026"])
        let year = try Self.site(by: "year")
        defer { year.remove() }
        try await year.build()
        #expect(headings(try year.read("index.html")).map(\.text) == ["2026"])
        #expect(headings(try year.read("page/2/index.html")).map(\.text) == ["2026", "Undated", "2026"])
        let day = try Self.site(by: "day")
        defer { day.remove() }
        try await day.build()
        #expect(headings(try day.read("index.html")).first?.text == "Friday 20 November 2026")
        // A date-time is the day it names: 23:30 at UTC−8 is still the 3rd.
        #expect(headings(try day.read("index.html"))[1].text == "Tuesday 3 November 2026")
    }

    @Test("without sections: no heading, no archive, no script")
    func off() async throws {
        let site = try SiteFixture.numbered(7)
        defer { site.remove() }
        try await site.build()
        let page = try site.read("index.html")
        #expect(!page.contains("feed-section") && !page.contains("assets/sections") && !page.contains("data-section"))
        #expect(!page.contains("section-picker") && !page.contains("data-date"))
        #expect(!site.exists("sections/index.html"))
    }
}
