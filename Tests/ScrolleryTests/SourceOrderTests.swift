import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

/// `source.order: reverse`: the items published last-first, the whole source spilled to disk a chunk at a
/// time (never held at once), the spill file gone however the build ends.
@Suite("Source order")
struct SourceOrderTests {
    /// The `href` of every card's title link on a listing page, in order.
    static func cardLinks(_ html: String) -> [String] {
        html.components(separatedBy: "<h2 class=\"card-title\"").dropFirst().compactMap { piece in
            piece.components(separatedBy: "href=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
        }
    }

    /// The card links of every listing page, following rel=next from the first, and the pages' paths.
    static func feed(_ read: (String) throws -> String) throws -> (links: [String], pages: [String]) {
        var links: [String] = []
        var pages: [String] = []
        var url: String? = "/"
        while let next = url {
            pages.append(next)
            let html = try read(next == "/" ? "index.html" : String(next.dropFirst()) + "index.html")
            links += cardLinks(html)
            url = relLink("next", in: html)
        }
        return (links, pages)
    }

    /// The names in the cache folder that a spill file would have.
    static func spillFiles(in folder: URL) -> [String] {
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.contains("scrollery-spill") }
    }

    static func reversing(_ site: SiteFixture) throws {
        let file = site.folder.appendingPathComponent("scrollery.yml")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "  items: /items\n", with: "  items: /items\n  order: reverse\n")
            .write(to: file, atomically: true, encoding: .utf8)
    }

    @Test("source.order is forward by default; forward and reverse are read, anything else names the key")
    func configKeys() throws {
        let minimal = ThemeLayoutTests.minimalYAML
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrollery-order-\(UUID())")
        func parse(_ yaml: String) throws -> SiteConfig {
            try SiteConfig.parse(yaml: yaml, file: folder.appendingPathComponent("scrollery.yml"), environment: [:])
        }
        #expect(try parse(minimal).source.order == .forward)
        for order in ["forward", "reverse"] {
            let yaml = minimal.replacingOccurrences(of: "source:\n", with: "source:\n  order: \(order)\n")
            #expect(try parse(yaml).source.order == SourceOrder(rawValue: order))
        }
        for bad in ["backwards", "Reverse", "[reverse]"] {
            let yaml = minimal.replacingOccurrences(of: "source:\n", with: "source:\n  order: \(bad)\n")
            #expect {
                try parse(yaml)
            } throws: { error in
                guard let error = error as? ConfigError else { return false }
                return error.key == "source.order"
                    && (bad.hasPrefix("[") || error.description.contains("`\(bad)`"))
            }
        }
    }

    @Test("reverse publishes a local source last-first: the cards, the page links and the item pages' links")
    func localReverse() async throws {
        let site = try SiteFixture.numbered(23)
        defer { site.remove() }
        try Self.reversing(site)
        let summary = try await site.build()
        #expect(summary.items == 23 && summary.pages == 5)
        let feed = try Self.feed(site.read)
        #expect(feed.links == (1...23).reversed().map { "/items/\($0)/" })
        #expect(feed.pages == ["/", "/page/2/", "/page/3/", "/page/4/", "/page/5/"])
        #expect(try positions(in: site.read("page/2/index.html")) == Array(6...10))
        // the item pages link to their neighbours in the published order
        let newest = try site.read("items/23/index.html")
        #expect(relLink("next", in: newest) == "/items/22/" && relLink("prev", in: newest) == nil)
        let oldest = try site.read("items/1/index.html")
        #expect(relLink("prev", in: oldest) == "/items/2/" && relLink("next", in: oldest) == nil)
        #expect(try site.read("items/12/index.html").contains("item 12"))  // its detail, fetched as forward
        // the feed's first entry is the last item
        #expect(
            try site.read("feed.xml").components(separatedBy: "<entry>").dropFirst().first?.contains("Item 23") == true)
        #expect(Self.spillFiles(in: try site.config().cache.folder).isEmpty)
        // the same output again: deterministic
        let first = try site.snapshot()
        try await site.build(BuildOptions(clean: true))
        #expect(try site.snapshot() == first)
    }

    @Test("reverse with a limit publishes the source's first items, last first")
    func reverseWithLimit() async throws {
        let site = try SiteFixture.numbered(23)
        defer { site.remove() }
        try Self.reversing(site)
        try await site.build(BuildOptions(maxItems: 9))
        #expect(try Self.feed(site.read).links == (1...9).reversed().map { "/items/\($0)/" })
    }

    @Test("the spill file is gone after a failed build too, and the previous site is kept")
    func spillGoneAfterFailure() async throws {
        let site = try SiteFixture.numbered(23)
        defer { site.remove() }
        try Self.reversing(site)
        try await site.build()
        let before = try site.snapshot()
        // the third source page is broken: the build fails after two pages were spilled
        try Data("{\"items\": [".utf8).write(to: site.folder.appendingPathComponent("data/page-3.json"))
        await #expect(throws: BuildError.self) { try await site.build() }
        #expect(Self.spillFiles(in: try site.config().cache.folder).isEmpty)
        #expect(try site.snapshot() == before)
    }

    @Test("reverse with sections by month: the sections come newest first, and the archive follows")
    func reverseWithSections() async throws {
        let items: [[String: Any]] = (1...12).map { index in
            [
                "id": "\(index)", "title": "Item \(index)", "image": "images/\(index).svg", "width": 300,
                "height": 200, "date": "2026-\(index <= 4 ? "01" : index <= 8 ? "02" : "03")-1\(index % 4)",
            ]
        }
        let site = try SiteFixture(items: items, extraConfig: "sections: { by: month }\n")
        defer { site.remove() }
        try Self.reversing(site)
        try await site.build()
        let first = try site.read("index.html")
        #expect(first.contains(">March 2026</a>") && !first.contains(">January 2026</a>"))
        let archive = try site.read("sections/index.html")
        let march = try #require(archive.range(of: "March 2026"))
        let february = try #require(archive.range(of: "February 2026"))
        let january = try #require(archive.range(of: "January 2026"))
        #expect(march.lowerBound < february.lowerBound && february.lowerBound < january.lowerBound)
        // each entry links to the page and card where its section starts: February at item 5, on page 1
        #expect(archive.contains("\"/#item-5\"") && archive.contains("\"/page/2/#item-9\""))
    }

    @Test("GitHub's since pagination (oldest first) comes out newest first")
    func remoteReverse() async throws {
        let replica = Replica()
        try await replica.run(routes: { GitHubReplica.register(on: $0, count: 25, base: { "" }) }) { base in
            let config = RemoteSourceTests.githubConfig(
                base, style: "{ style: since, from: /id, sizeParam: per_page, size: 10 }"
            ).replacingOccurrences(of: "  items: \"\"\n", with: "  items: \"\"\n  order: reverse\n")
            let site = try RemoteSite(config: config)
            defer { site.remove() }
            #expect(try await site.build().items == 25)
            let ids = GitHubReplica.userIDs(25)
            #expect(try Self.feed(site.read).links == ids.reversed().map { "/items/user\($0)/" })
            // paged as forward order pages it, then every detail fetched once
            let queries = await replica.log.entries.filter { $0.path == "/users" }.map(\.query)
            #expect(queries == ["per_page=10", "since=19&per_page=10", "since=39&per_page=10", "since=49&per_page=10"])
            let details = await replica.log.entries.filter { $0.path.hasPrefix("/users/") }.count
            #expect(details == 25)
            #expect(Self.spillFiles(in: site.folder).isEmpty)
        }
    }

    /// A source of `count` items `{"n": i}` in pages of `perPage`.
    struct Pages: AsyncSequence, Sendable {
        typealias Element = [JSONValue]
        let count: Int
        let perPage: Int

        func makeAsyncIterator() -> Iterator { Iterator(count: count, perPage: perPage) }

        struct Iterator: AsyncIteratorProtocol {
            let count: Int
            let perPage: Int
            var first = 1
            mutating func next() async throws -> [JSONValue]? {
                guard first <= count else { return nil }
                let page = (first...Swift.min(count, first + perPage - 1)).map {
                    JSONValue.object(["n": .number(JSONNumber(Double($0)))])
                }
                first += page.count
                return page
            }
        }
    }

    static func numbers(_ batch: [JSONValue]) -> [Int] {
        batch.compactMap {
            if case .object(let item) = $0, case .number(let n)? = item["n"] { Int(n.value) } else { nil }
        }
    }

    @Test("the reverser holds at most one chunk of items: a few thousand items in chunks of 250")
    func chunked() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrollery-spill-test-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (limit, expected) in [(nil, 3_001), (1_000, 1_000)] as [(Int?, Int)] {
            var ordered = OrderedItems(
                base: Pages(count: 3_001, perPage: 70), order: .reverse, limit: limit, spillFolder: folder)
            ordered.chunkSize = 250
            var iterator = ordered.makeAsyncIterator()
            var seen: [Int] = []
            var batches = 0
            while let batch = try await iterator.next() {
                #expect(batch.count <= 250)
                seen += Self.numbers(batch)
                batches += 1
                // the spill file has no name, even while it is read
                #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
            }
            #expect(seen == Array((1...expected).reversed()))
            #expect(batches == (expected + 249) / 250)
            #expect(iterator.mostHeld == 250)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
        // forward passes the pages through as they come
        var forward = OrderedItems(
            base: Pages(count: 100, perPage: 30), order: .forward, limit: nil, spillFolder: folder
        )
        .makeAsyncIterator()
        var pages: [[Int]] = []
        while let batch = try await forward.next() { pages.append(Self.numbers(batch)) }
        #expect(pages.map(\.count) == [30, 30, 30, 10] && pages.joined().elementsEqual(1...100))
    }

    @Test("a spill file has no name once made, keeps its records, and values round-trip through the JSON writer")
    func spillFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrollery-spill-test-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try SpillFile(in: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let values = try [
            #"{"a": "line\nbreak \"quoted\" \\ \u0001 é 東京 🎉", "b": [null, true, false], "c": {"d": 1e3}}"#,
            "12345678901234", "-0.5", "1.5e-7", #""""#, "[]", "{}",
        ].map { try JSONValue.parse(Data($0.utf8)) }
        for value in values {
            var bytes: [UInt8] = []
            JSONWriter.write(value, to: &bytes)
            #expect(!bytes.contains(UInt8(ascii: "\n")))
            try file.append(bytes)
        }
        #expect(file.count == values.count)
        for (index, value) in values.enumerated().reversed() {
            let bytes = try file.read(index)
            #expect(try JSONValue.parse(Data(bytes)) == value)
        }
        // Part of a record, counted from its start: the middle, the end, nothing.
        try file.append(Array("abcdefg".utf8))
        let last = file.count - 1
        #expect(try file.read(last, bytes: 2..<5) == Array("cde".utf8))
        #expect(try file.read(last, bytes: 6..<7) == Array("g".utf8))
        #expect(try file.read(last, bytes: 3..<3) == [])
        #expect(try file.read(last) == Array("abcdefg".utf8))
    }
}
