import Foundation
import ScrolleryTestSupport
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrollerySearch
@testable import ScrolleryTestSites

/// The search index as the build writes it, read back as the page reads it (docs/search.md).
@Suite("Search index")
struct SearchIndexTests {
    static let searchConfig = """
        search:
          enabled: true
          fields: [title, description]
          filters:
            tag: "{{#tags}}{{.}}\\n{{/tags}}"
        """

    /// Words of many scripts, with diacritics, for a seeded corpus.
    static let words = [
        "harbour", "night", "Reykjavík", "Fernández", "Straße", "ΟΔΟΣ", "İstanbul", "東京都", "京都", "タワー",
        "ภาษาไทย", "Москва", "القدس", "sunset", "beach", "mountain", "río", "café", "Ærø", "Łódź", "naïve", "fjörður",
        "piazza", "Zürich", "søndag", "ciudad", "北京", "서울", "हिन्दी", "lighthouse", "river", "forest",
    ]

    static func corpus(_ count: Int, seed: UInt64) -> (items: [[String: Any]], details: [String: String]) {
        var random = SeededGenerator(seed: seed)
        var items: [[String: Any]] = []
        var details: [String: String] = [:]
        for index in 1...count {
            let title =
                (0..<Int.random(in: 1...4, using: &random)).map { _ in words.randomElement(using: &random) ?? "" }
                .joined(separator: " ") + " n\(index)"
            let body = (0..<Int.random(in: 0...12, using: &random)).map { _ in words.randomElement(using: &random) ?? ""
            }
            .joined(separator: " ")
            let tags = ["t\(index % 7)", index % 2 == 0 ? "even" : "odd"]
            items.append([
                "id": "\(index)", "title": title, "image": "images/\(index).svg", "width": 300, "height": 200,
                "tags": tags,
            ])
            let description = try? JSONSerialization.data(withJSONObject: ["description": "*\(body)*"])
            details["\(index)"] = description.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        }
        return (items, details)
    }

    static func site(_ count: Int, seed: UInt64 = 7) throws -> SiteFixture {
        let corpus = corpus(count, seed: seed)
        return try SiteFixture(
            items: corpus.items, perSourcePage: 50, details: corpus.details, pageSize: 24, extraConfig: searchConfig)
    }

    /// The files under `search/` with their bytes.
    static func searchFiles(_ site: SiteFixture) throws -> [String: Data] {
        try site.snapshot().filter { $0.key.hasPrefix("search/") }
    }

    @Test("Every item is found by every word of its title, through the index on disk")
    func everyTitleWordFindsItsItem() async throws {
        let site = try Self.site(400, seed: 42)
        defer { site.remove() }
        try await site.build()
        let reader = try SearchIndexReader(outputFolder: site.output)
        #expect(reader.items == 400)
        let corpus = Self.corpus(400, seed: 42)
        for (ordinal, item) in corpus.items.enumerated() {
            let title = item["title"] as? String ?? ""
            for term in SearchText.terms(in: title) {
                let postings = try reader.postings(of: term)
                #expect(postings.contains { $0.ordinal == ordinal && $0.title > 0 }, "\(term) of item \(ordinal)")
            }
            // Unaccented, lowercase queries find the accented title.
            #expect(try reader.find(SearchText.fold(title)).contains(ordinal))
        }
        #expect(try reader.find("reykjavik").count == reader.find("REYKJAVÍK").count)
        #expect(try !reader.find("fernandez").isEmpty)
        #expect(try !reader.find("strasse").isEmpty)
        // A CJK word found by its bigrams.
        #expect(try !reader.find("京都").isEmpty)
        // The filter's values, with counts.
        let tags = try #require(reader.filters.first { $0.name == "tag" })
        #expect(tags.values.first { $0.0 == "even" }?.1 == 200)
        #expect(try reader.postings(of: SearchIndexBuilder.facetTerm("tag", "odd")).count == 200)
    }

    @Test("The root's glyphs hold a character of each script of the titles, and only of those")
    func glyphsSampleTheTitlesScripts() async throws {
        let site = try Self.site(120, seed: 3)
        defer { site.remove() }
        try await site.build()
        let root = try JSONSerialization.jsonObject(with: Data(try site.read("search/index.json").utf8))
        let glyphs = try #require((root as? [String: Any])?["glyphs"] as? String)
        let titles = Self.corpus(120, seed: 3).items.map { $0["title"] as? String ?? "" }
        let scalars = titles.flatMap(\.unicodeScalars).filter { !$0.isASCII && SearchGlyphSample.needsFont($0) }
        let sampled = glyphs.unicodeScalars.map(SearchGlyphSample.block(of:))
        #expect(Set(sampled).count == sampled.count, "two characters of one script in \(glyphs)")
        #expect(Set(sampled) == Set(scalars.map(SearchGlyphSample.block(of:))))
        #expect(glyphs.unicodeScalars.allSatisfy { glyph in scalars.contains(glyph) })
        // Latin-1, Latin Extended-A, Greek, Cyrillic, Arabic, Devanagari, Thai, kana, Han and Hangul.
        #expect(sampled.count == 10)
    }

    @Test("A word's shard carries the cards of its first results, as its file of cards has them")
    func shardsCarryFirstCards() async throws {
        let site = try Self.site(600, seed: 11)
        defer { site.remove() }
        try await site.build()
        let reader = try SearchIndexReader(outputFolder: site.output)
        var checked = 0
        for word in Self.words {
            let terms = SearchText.terms(in: word)
            guard terms.count == 1, let term = terms.first,
                let shard = reader.shards.first(where: {
                    !SearchRuns.less(Array(term.utf8), Array($0.first.utf8))
                        && !SearchRuns.less(Array($0.last.utf8), Array(term.utf8))
                })
            else { continue }
            // The one-word order of search.js: title matches first, then BM25, then the gallery's order.
            let postings = try reader.postings(of: term)
            let score = SearchPostingPages.BM25(
                items: reader.items, documents: postings.count, averageLength: reader.averageLength ?? 0)
            let ranked = postings.sorted {
                let (a, b) = ($0.title > 0, $1.title > 0)
                if a != b { return a }
                let (x, y) = (
                    score.of(title: UInt32($0.title), body: UInt32($0.body), length: UInt32($0.length)),
                    score.of(title: UInt32($1.title), body: UInt32($1.body), length: UInt32($1.length))
                )
                return x != y ? x > y : $0.ordinal < $1.ordinal
            }
            let first = ranked.prefix(SearchLimits.firstResults).map(\.ordinal)
            let carried = try reader.carriedCards(in: shard.file)
            #expect(carried.count <= SearchLimits.cardsPerShard)
            for ordinal in first {
                let card = try #require(carried[ordinal], "the card of \(term)'s result \(ordinal)")
                #expect(card == (try reader.card(ordinal)), "\(term)'s result \(ordinal) carried as its file has it")
            }
            checked += 1
        }
        #expect(checked > 20, "most of the corpus's words are one term")
    }

    @Test("The page, the box and the script are there with search on, and none of them without")
    func pageAndBox() async throws {
        let site = try Self.site(30)
        defer { site.remove() }
        try await site.build()
        let page = try site.read("search/index.html")
        #expect(page.contains(#"<input id="search-q" type="search" name="q""#))
        #expect(page.contains("<noscript>"))
        #expect(page.contains(#"role="status""#))
        #expect(page.contains(#"name="tag""#))
        #expect(try site.read("index.html").contains(#"action="/search/" method="get""#))
        #expect(site.exists("assets/search.js"))

        let plain = try SiteFixture.numbered(3)
        defer { plain.remove() }
        try await plain.build()
        #expect(!plain.exists("search/index.json"))
        #expect(!plain.exists("assets/search.js"))
        #expect(try !plain.read("index.html").contains("role=\"search\""))
    }

    @Test("A site with sections gets a date filter: its sections newest first, with headings and counts")
    func dateFacet() async throws {
        // 30 items over three months and 3 undated, taken from the source's `taken` field.
        var items: [[String: Any]] = (1...30).map { index in
            let month = index <= 10 ? "2026-01" : index <= 25 ? "2026-03" : "2025-12"
            return [
                "id": "\(index)", "title": "Harbour \(index)", "image": "images/\(index).svg", "width": 300,
                "height": 200, "tags": ["t"], "taken": "\(month)-1\(index % 10)",
            ]
        }
        items += (31...33).map { ["id": "\($0)", "title": "Harbour \($0)", "image": "images/\($0).svg"] }
        let sections = "sections: { by: month, field: taken }\n"
        let site = try SiteFixture(items: items, pageSize: 24, extraConfig: Self.searchConfig + "\n" + sections)
        defer { site.remove() }
        try await site.build()
        let reader = try SearchIndexReader(outputFolder: site.output)
        let date = try #require(reader.filters.first { $0.name == "date" })
        #expect(date.values.map(\.0) == ["2026-03", "2026-01", "2025-12", "undated"])
        #expect(date.values.map(\.1) == [15, 10, 5, 3])
        let root = try site.read("search/index.json")
        #expect(root.contains(#"["2026-03",15,"March 2026"]"#))
        #expect(root.contains(#"["undated",3,"Undated"]"#))
        #expect(try reader.postings(of: SearchIndexBuilder.facetTerm("date", "2026-01")).count == 10)
        #expect(try site.read("search/index.html").contains(#"name="date""#))

        // A filter the site names `date` itself is the only one of that name.
        let own = try SiteFixture(
            items: items, pageSize: 24,
            extraConfig: Self.searchConfig + "\n    date: \"{{taken}}\"\n" + sections)
        defer { own.remove() }
        try await own.build()
        let filters = try SearchIndexReader(outputFolder: own.output).filters
        #expect(filters.filter { $0.name == "date" }.count == 1)
        #expect(filters.first { $0.name == "date" }?.values.contains { $0.0 == "2026-01-11" } == true)
        // And without sections there is no date filter.
        let plain = try SiteFixture(items: items, pageSize: 24, extraConfig: Self.searchConfig)
        defer { plain.remove() }
        try await plain.build()
        #expect(try SearchIndexReader(outputFolder: plain.output).filters.map(\.name) == ["tag"])
    }

    @Test("Two builds of the same input write byte-identical index files")
    func deterministic() async throws {
        let one = try Self.site(300, seed: 9)
        let two = try Self.site(300, seed: 9)
        defer {
            one.remove()
            two.remove()
        }
        try await one.build()
        try await two.build()
        let files = try Self.searchFiles(one)
        #expect(files.count > 4)
        #expect(files == (try Self.searchFiles(two)))
    }

    @Test("Changing one title rewrites only the shards of its words, its file of cards and the root")
    func incremental() async throws {
        let count = 1_500
        var corpus = Self.corpus(count, seed: 3)
        let site = try SiteFixture(
            items: corpus.items, perSourcePage: 100, details: corpus.details, pageSize: 50,
            extraConfig: Self.searchConfig)
        defer { site.remove() }
        try await site.build()
        let before = try Self.searchFiles(site)
        let shards = before.keys.filter { $0.hasPrefix("search/index/t-") }
        #expect(shards.count >= 3, "the corpus makes several shards")
        func modified(_ path: String) throws -> Date? {
            try FileManager.default.attributesOfItem(atPath: site.output.appendingPathComponent(path).path)[
                .modificationDate] as? Date
        }
        var times: [String: Date] = [:]
        for path in before.keys { times[path] = try modified(path) }

        // Item 700's title: new words, as many terms as before (so the item's length is the same).
        let index = 699
        let oldTitle = corpus.items[index]["title"] as? String ?? ""
        let newTitle =
            Array(repeating: "zebra", count: SearchText.terms(in: oldTitle).count - 1).joined(separator: " ") + " n700"
        corpus.items[index]["title"] = newTitle
        let oldTerms = Set(SearchText.terms(in: oldTitle))
        let newTerms = Set(SearchText.terms(in: newTitle))
        let page = index / 100 + 1
        let data = try JSONSerialization.data(
            withJSONObject: ["items": Array(corpus.items[(page - 1) * 100..<page * 100])], options: [.sortedKeys])
        try data.write(to: site.folder.appendingPathComponent("data/page-\(page).json"))
        try await site.build()
        let after = try Self.searchFiles(site)

        let reader = try SearchIndexReader(outputFolder: site.output)
        #expect(try reader.find("zebra") == [index])
        // The shards that hold an affected term (old or new), and those that carry the item's card (among
        // the first results of one of their terms), are the only ones allowed to change.
        let affected = oldTerms.union(newTerms)
        var allowed: Set<String> = ["search/index.json"]
        for shard in reader.shards {
            let holdsTerm = affected.contains {
                !SearchRuns.less(Array($0.utf8), Array(shard.first.utf8))
                    && !SearchRuns.less(Array(shard.last.utf8), Array($0.utf8))
            }
            if try holdsTerm || reader.carriedCards(in: shard.file)[index] != nil {
                allowed.insert("search/" + shard.file)
            }
        }
        let removed = Set(before.keys).subtracting(after.keys)
        let added = Set(after.keys).subtracting(before.keys)
        #expect(added.filter { $0.hasPrefix("search/docs/") }.count == 1, "one file of cards changes")
        #expect(removed.filter { $0.hasPrefix("search/docs/") }.count == 1)
        for path in added where path.hasPrefix("search/index/t-") {
            #expect(allowed.contains(path), "\(path) changed but holds none of the title's words")
        }
        let keptShards = Set(shards).intersection(after.keys)
        #expect(keptShards.count >= shards.count - allowed.count, "the other shards keep their names")
        for path in keptShards {
            #expect(before[path] == after[path])
            #expect(try modified(path) == times[path], "\(path) kept its bytes and its time")
        }
    }

    @Test("Hostile input: a 1 MB title, 100,000 tags on an item and control characters stay within limits")
    func hostile() async throws {
        let huge = String(repeating: "Gígantic wörd ", count: 75_000) + "\u{0}\u{1B}[2J"
        let tags = (0..<100_000).map { "tag\($0)\u{7}" }
        let items: [[String: Any]] = [
            ["id": "1", "title": huge, "tags": tags],
            [
                "id": "2", "title": "ordinary\u{1}title\u{0}",
                "tags": ["a\u{0}b", String(repeating: "v", count: 5_000)],
            ],
        ]
        let site = try SiteFixture(items: items, extraConfig: Self.searchConfig)
        defer { site.remove() }
        let started = ContinuousClock.now
        try await site.build()
        // A bound on a hang, not a speed: alone, this debug build takes about 3 s (most of it the pages of
        // the 1 MB title); the whole suite on two cores has taken 30.
        #expect(ContinuousClock.now - started < .seconds(120))
        let reader = try SearchIndexReader(outputFolder: site.output)
        #expect(try reader.find("gigantic") == [0])
        // The item's title loses its control characters before it is indexed (as on its page).
        #expect(try reader.find("ordinarytitle") == [1])
        let tagValues = try #require(reader.filters.first { $0.name == "tag" }).values
        #expect(tagValues.count <= 200)
        #expect(tagValues.allSatisfy { $0.0.utf8.count <= 200 && !$0.0.unicodeScalars.contains { $0.value < 0x20 } })
        // At most 64 values of one filter per item.
        #expect(tagValues.filter { $0.0.hasPrefix("tag") }.count == 64)
        let root = try site.read("search/index.json")
        #expect(root.utf8.count < 20_000)
        // One character of the 1 MB title's script, and none of the control characters.
        #expect(root.contains(#""glyphs":"í""#))
        // The 1 MB title's card stays in its file of cards: no shard carries it, as shards carry the other.
        guard case .object(let card)? = try reader.card(0), case .string(let title)? = card["t"] else {
            Issue.record("no card for the 1 MB title")
            return
        }
        #expect(title.utf8.count > SearchLimits.carriedCardBytes)
        let carried = try reader.shards.map { try reader.carriedCards(in: $0.file) }
        #expect(carried.allSatisfy { $0[0] == nil }, "a shard carries the 1 MB title's card")
        #expect(carried.contains { $0[1] != nil }, "no shard carries the ordinary card")
    }
}
