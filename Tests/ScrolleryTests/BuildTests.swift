import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

@Suite("Building a site from local sources")
struct BuildTests {
    @Test("items are chunked into pages of pageSize across source-page boundaries, in order")
    func chunksAcrossSourcePages() async throws {
        let site = try SiteFixture.numbered(23, pageSize: 5)
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.items == 23)
        #expect(summary.pages == 5)
        #expect(summary.sourcePages == 4)
        #expect(summary.detailsFailed == 0)
        #expect(try positions(in: site.read("index.html")) == [1, 2, 3, 4, 5])
        #expect(try positions(in: site.read("page/2/index.html")) == [6, 7, 8, 9, 10])
        #expect(try positions(in: site.read("page/5/index.html")) == [21, 22, 23])
        #expect(!site.exists("page/6/index.html"))
        #expect(!site.exists("page/1/index.html"))
    }

    @Test("the next/prev chain is right on the first, a middle and the last page")
    func nextPrevChain() async throws {
        let site = try SiteFixture.numbered(12, pageSize: 5)
        defer { site.remove() }
        try await site.build()
        let first = try site.read("index.html")
        #expect(relLink("next", in: first) == "/page/2/")
        #expect(relLink("next", tag: "link", in: first) == "/page/2/")
        #expect(relLink("prev", in: first) == nil)
        let middle = try site.read("page/2/index.html")
        #expect(relLink("prev", in: middle) == "/")
        #expect(relLink("next", in: middle) == "/page/3/")
        #expect(relLink("prev", tag: "link", in: middle) == "/")
        let last = try site.read("page/3/index.html")
        #expect(relLink("prev", in: last) == "/page/2/")
        #expect(relLink("next", in: last) == nil)
        #expect(relLink("next", tag: "link", in: last) == nil)
    }

    @Test("a page count that divides evenly has no empty last page and no dangling next link")
    func exactMultipleOfPageSize() async throws {
        let site = try SiteFixture.numbered(10, pageSize: 5)
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.pages == 2)
        #expect(relLink("next", in: try site.read("page/2/index.html")) == nil)
        #expect(!site.exists("page/3/index.html"))
    }

    @Test("source.limit and --max-items stop the build at that many items")
    func limits() async throws {
        let site = try SiteFixture.numbered(30, pageSize: 5, extraConfig: "")
        defer { site.remove() }
        let summary = try await site.build(BuildOptions(maxItems: 12))
        #expect(summary.items == 12)
        #expect(try positions(in: site.read("page/3/index.html")) == [11, 12])
        #expect(relLink("next", in: try site.read("page/3/index.html")) == nil)
    }

    @Test("every link works under a sub-path base URL")
    func subPathBaseURL() async throws {
        let site = try SiteFixture.numbered(7, pageSize: 5)
        defer { site.remove() }
        try await site.build(overrides: ConfigOverrides(baseURL: "/gallery"))
        let first = try site.read("index.html")
        #expect(relLink("next", in: first) == "/gallery/page/2/")
        #expect(first.contains("href=\"\(assetURL("style.css", base: "/gallery/"))\""))
        #expect(first.contains("src=\"\(assetURL("scrollery.js", base: "/gallery/"))\""))
        #expect(first.contains("href=\"/gallery/items/1/\""))
        #expect(first.contains("src=\"/gallery/images/1.svg\""))
        #expect(relLink("prev", in: try site.read("page/2/index.html")) == "/gallery/")
        let item = try site.read("items/6/index.html")
        #expect(item.contains("href=\"/gallery/page/2/"))
        // No root-relative link escapes the sub-path.
        for page in ["index.html", "page/2/index.html", "items/6/index.html", "404.html"] {
            let html = try site.read(page)
            for attribute in ["href=\"/", "src=\"/"] {
                for piece in html.components(separatedBy: attribute).dropFirst() {
                    #expect(piece.hasPrefix("gallery/"), "\(page): \(attribute)\(piece.prefix(30))")
                }
            }
        }
    }

    @Test("hostile titles, links and Markdown render harmless")
    func hostileContent() async throws {
        let items: [[String: Any]] = [
            ["id": "1", "title": "<script>alert(\"t\")</script> & <b>Bold</b>", "url": "javascript:alert(4)"],
            [
                "id": "2", "title": "\" onmouseover=\"alert(5)", "url": "https://example.org/ok",
                "image": "javascript:alert(6)",
            ],
        ]
        let details = [
            "1":
                #"{"description": "<script>alert(1)</script>\n\n[click](javascript:alert(3)) <img src=x onerror=alert(2)>"}"#,
            "2": #"{"description": "fine"}"#,
        ]
        let site = try SiteFixture(items: items, details: details)
        defer { site.remove() }
        try await site.build()
        let list = try site.read("index.html")
        let item = try site.read("items/1/index.html")
        for html in [list, item] {
            #expect(!html.contains("<script>alert"))
            #expect(!html.contains("<b>Bold</b>"))
            #expect(!html.contains("javascript:"))
            #expect(!html.contains("onerror=alert"))
            #expect(!html.contains("\" onmouseover"))
        }
        #expect(list.contains("&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &amp; &lt;b&gt;Bold&lt;/b&gt;"))
        #expect(item.contains("<!-- raw HTML omitted -->"))
        #expect(item.contains("<a href=\"\">click</a>"))
        #expect(list.contains("href=\"https://example.org/ok\""))
    }

    @Test("ids that would leave the output folder become safe, unique slugs")
    func hostileIDs() async throws {
        let items: [[String: Any]] = [
            ["id": "../../etc/passwd", "title": "a"], ["id": "Hello World/..", "title": "b"],
            ["id": "hello-world", "title": "c"], ["id": "..", "title": "d"], ["id": "/abs/path", "title": "e"],
        ]
        let site = try SiteFixture(items: items)
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.items == 5)
        let written = try site.snapshot().keys.filter { $0.hasPrefix("items/") }.sorted()
        #expect(
            written == [
                "items/abs-path/index.html", "items/etc-passwd/index.html", "items/hello-world-2/index.html",
                "items/hello-world/index.html", "items/item/index.html",
            ])
        // Nothing was written beside the output folder but the cache, which holds only the inputs' record.
        let siblings = try FileManager.default.contentsOfDirectory(atPath: site.folder.path).sorted()
        #expect(siblings == [".scrollery-cache", "data", "public", "scrollery.yml"])
        let cached = try FileManager.default.contentsOfDirectory(
            atPath: site.folder.appendingPathComponent(".scrollery-cache").path)
        #expect(cached.sorted().first == "CACHEDIR.TAG")
        #expect(
            cached.count == 2
                && cached.sorted().dropFirst().allSatisfy { $0.hasPrefix("inputs-") && $0.hasSuffix(".txt") })
    }

    @Test("a failed detail leaves its item in an error state and the build goes on")
    func failedDetailIsIsolated() async throws {
        let items: [[String: Any]] = (1...6).map { ["id": "\($0)", "title": "Item \($0)"] }
        var details: [String: String] = [:]
        for index in [1, 2, 4, 5, 6] { details["\(index)"] = #"{"description": "ok \#(index)"}"# }
        details["5"] = "{ not json"
        let site = try SiteFixture(items: items, details: details)
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.items == 6)
        #expect(summary.detailsFailed == 2)
        let list = try site.read("index.html")
        #expect(positions(in: list) == [1, 2, 3, 4, 5])
        #expect(list.components(separatedBy: "card--error").count - 1 == 2)
        #expect(try site.read("items/3/index.html").contains("no such file"))
        #expect(try site.read("items/5/index.html").contains("not valid JSON"))
        #expect(try site.read("items/4/index.html").contains("ok 4"))
    }

    @Test("--strict fails on an item error and keeps the previous site byte-identical")
    func strictKeepsPreviousSite() async throws {
        let site = try SiteFixture.numbered(8)
        defer { site.remove() }
        try await site.build()
        let before = try site.snapshot()
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent("data/details/3.json"))
        await #expect(throws: BuildError.self) { try await site.build(BuildOptions(strict: true)) }
        do {
            try await site.build(BuildOptions(strict: true))
        } catch let error as BuildError {
            #expect(error.kind == .strict(.init(detailsFailed: 1)))
            #expect(error.hadPreviousBuild)
            #expect("\(error)".contains("still holds the previous build"))
        }
        #expect(try site.snapshot() == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.folder.path).filter {
            $0.contains("staging") || $0.contains("previous")
        }
        #expect(leftovers.isEmpty)
    }

    @Test("a broken source page fails the build, names the page and keeps the previous site")
    func brokenSourcePage() async throws {
        let site = try SiteFixture.numbered(12)
        defer { site.remove() }
        try await site.build()
        let before = try site.snapshot()
        try Data("[oops".utf8).write(to: site.folder.appendingPathComponent("data/page-2.json"))
        do {
            try await site.build()
            Issue.record("the build should have failed")
        } catch {
            #expect("\(error)".contains("data/page-2.json"))
            #expect("\(error)".contains("not valid JSON"))
        }
        #expect(try site.snapshot() == before)
    }

    @Test("two builds of the same input are byte-identical")
    func deterministic() async throws {
        let site = try SiteFixture.numbered(40, pageSize: 6)
        defer { site.remove() }
        try await site.build(BuildOptions(concurrency: 8))
        let first = try site.snapshot()
        try await site.build(BuildOptions(concurrency: 3))
        #expect(try site.snapshot() == first)
        #expect(first.count > 40)
    }

    @Test("an empty source builds a friendly empty gallery")
    func emptySource() async throws {
        let site = try SiteFixture(items: [])
        defer { site.remove() }
        try Data(#"{"items": []}"#.utf8).write(to: site.folder.appendingPathComponent("data/page-1.json"))
        let summary = try await site.build()
        #expect(summary.items == 0)
        #expect(summary.pages == 1)
        #expect(try site.read("index.html").contains("No items"))
    }

    @Test("a site's templates folder overrides a default template by name")
    func templateOverride() async throws {
        let site = try SiteFixture.numbered(3)
        defer { site.remove() }
        let templates = site.folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "<article data-position=\"{{position}}\">CUSTOM {{title}}</article>\n".write(
            to: templates.appendingPathComponent("card.mustache"), atomically: true, encoding: .utf8)
        try "body { color: red }\n".write(
            to: templates.appendingPathComponent("style.css"), atomically: true, encoding: .utf8)
        try await site.build()
        let list = try site.read("index.html")
        #expect(list.contains("CUSTOM Item 1"))
        #expect(positions(in: list) == [1, 2, 3])
        #expect(try site.read("assets/style.css") == "body { color: red }\n")
        #expect(try site.read("assets/scrollery.js") == DefaultTheme.files["scrollery.js"])
    }

    @Test("a broken override template is an error naming the file")
    func brokenTemplate() async throws {
        let site = try SiteFixture.numbered(3)
        defer { site.remove() }
        let templates = site.folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "{{#items}} never closed".write(
            to: templates.appendingPathComponent("list.mustache"), atomically: true, encoding: .utf8)
        do {
            try await site.build()
            Issue.record("the build should have failed")
        } catch {
            #expect("\(error)".contains("list.mustache"))
        }
        #expect(!site.exists("index.html"))
    }

    @Test("a non-empty output folder that Scrollery did not write is never replaced")
    func foreignOutputFolder() async throws {
        let site = try SiteFixture.numbered(3)
        defer { site.remove() }
        try FileManager.default.createDirectory(at: site.output, withIntermediateDirectories: true)
        try "mine".write(to: site.output.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        do {
            try await site.build()
            Issue.record("the build should have failed")
        } catch {
            #expect("\(error)".contains("was not written by Scrollery"))
        }
        #expect(try site.read("notes.txt") == "mine")
    }
}
