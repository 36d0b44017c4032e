import Foundation
import ScrolleryTestSupport
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrollerySearch
@testable import ScrolleryTestSites

/// A word too common for its shard (docs/search.md, "Common words"): the shard keeps its best postings,
/// page files hold all of them in ordinal ranges, and a rarer word stays whole in its shard.
@Suite("Search posting pages")
struct SearchPostingPagesTests {
    /// BM25 as `search.js` computes one term's score (docs/search.md: k1 1.2, b 0.75, title words counted
    /// twice), written out here on its own, operation for operation, to check the build's choice of the
    /// best.
    static func ranked(_ postings: [SearchIndexReader.Posting], items: Int, averageLength: Double) -> [Int] {
        let (n, df) = (Double(items), Double(postings.count))
        let idf = log(1 + (n - df + 0.5) / (df + 0.5))
        func score(_ posting: SearchIndexReader.Posting) -> Double {
            let tf = Double(2 * posting.title + posting.body)
            return idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * Double(posting.length) / averageLength))
        }
        return postings.sorted {
            if ($0.title > 0) != ($1.title > 0) { return $0.title > 0 }
            let (a, b) = (score($0), score($1))
            return a != b ? a > b : $0.ordinal < $1.ordinal
        }.map(\.ordinal)
    }

    @Test("The best postings are the items search.js ranks first, in ordinal order; pages hold them all")
    func bestAndPages() throws {
        var random = SeededGenerator(seed: 33)
        let count = 2 * SearchLimits.pagePostings + 123
        var postings: [UInt32] = []
        for ordinal in 0..<count {
            postings += [
                UInt32(ordinal), UInt32.random(in: 0...2, using: &random) == 0 ? 1 : 0,
                UInt32.random(in: 0...3, using: &random), UInt32.random(in: 4...400, using: &random),
            ]
        }
        let top = SearchPostingPages.top(of: postings, items: 3 * count, averageLength: 60)
        let decoded = stride(from: 0, to: top.count, by: 4).map {
            SearchIndexReader.Posting(
                ordinal: Int(top[$0]), title: Int(top[$0 + 1]), body: Int(top[$0 + 2]), length: Int(top[$0 + 3]))
        }
        let every = stride(from: 0, to: postings.count, by: 4).map {
            SearchIndexReader.Posting(
                ordinal: Int(postings[$0]), title: Int(postings[$0 + 1]), body: Int(postings[$0 + 2]),
                length: Int(postings[$0 + 3]))
        }
        #expect(decoded.count == SearchLimits.topPostings)
        #expect(decoded.map(\.ordinal) == decoded.map(\.ordinal).sorted())
        #expect(decoded.allSatisfy { every[$0.ordinal] == $0 })
        #expect(
            Set(decoded.map(\.ordinal))
                == Set(Self.ranked(every, items: 3 * count, averageLength: 60).prefix(SearchLimits.topPostings)))

        try withScratchFolderSync { folder in
            var output = try OutputWriter(outputFolder: folder.url.appendingPathComponent("public"))
            var files = SearchFiles(store: output.store)
            files.makeFolders(for: ["search/index/-"])
            let made = SearchPostingPages.pages(of: postings)
            let pages = made.map(\.page)
            for page in made { try files.write(page.bytes, to: page.path) }
            #expect(
                pages.map(\.first) == [0, UInt32(SearchLimits.pagePostings), UInt32(2 * SearchLimits.pagePostings)])
            #expect(
                pages.map(\.last) == [
                    UInt32(SearchLimits.pagePostings - 1), UInt32(2 * SearchLimits.pagePostings - 1), UInt32(count - 1),
                ])
            #expect(Set(pages.map(\.file)).count == 3 && pages.allSatisfy { $0.file.hasPrefix("index/g-") })
            // A second word in the very same items has the same pages: written once, and no file is
            // reported as replacing another.
            let again = SearchPostingPages.pages(of: postings)
            #expect(again.map(\.page.file) == pages.map(\.file) && again.map(\.bytes) == made.map(\.bytes))
            for page in again { try files.write(page.bytes, to: page.path) }
            #expect(files.written.map(\.path) == pages.map { "search/" + $0.file })
            for file in files.written { try output.record(file.path, changed: file.changed) }
            #expect(output.overriddenFiles.isEmpty)
            output.discard()
        }
    }

    @Test("A word in every item is split; a rarer word stays whole and is found with it through the pages")
    func aCommonWordIsSplit() async throws {
        let count = SearchLimits.inlinePostings + 500
        var items: [[String: Any]] = []
        var details: [String: String] = [:]
        let filler = ["calm", "blue", "wide", "grey", "long", "slow", "warm"]
        for index in 1...count {
            items.append([
                "id": "\(index)", "title": index % 1000 == 3 ? "Harbour n\(index) lighthouse" : "Harbour n\(index)",
                "image": "images/1.svg", "width": 300, "height": 200,
            ])
            let words = (index % 97 == 0 ? ["harbour"] : []) + filler.prefix(index % filler.count)
            details["\(index)"] = #"{"description": "\#(words.joined(separator: " "))"}"#
        }
        let site = try SiteFixture(
            items: items, perSourcePage: 1000, details: details, pageSize: 500,
            extraConfig: "search:\n  enabled: true\n  fields: [title, description]\n")
        defer { site.remove() }
        try await site.build()

        let reader = try SearchIndexReader(outputFolder: site.output)
        let entry = try #require(try reader.entry(of: "harbour"))
        #expect(entry.count == count)
        #expect(entry.postings.count == SearchLimits.topPostings)
        #expect(entry.pages.count == 1 && entry.pages.first?.first == 0 && entry.pages.first?.last == count - 1)
        let all = try reader.postings(of: "harbour")
        #expect(all.map(\.ordinal) == Array(0..<count))
        #expect(entry.postings.allSatisfy { all[$0.ordinal] == $0 })
        let averageLength = Double(try #require(reader.averageLength))
        #expect(
            Set(entry.postings.map(\.ordinal))
                == Set(
                    Self.ranked(all, items: reader.items, averageLength: averageLength).prefix(SearchLimits.topPostings)
                ))

        let rare = try #require(try reader.entry(of: "lighthouse"))
        #expect(rare.pages.isEmpty && rare.count == 3)
        #expect(try reader.find("harbour lighthouse") == Set(rare.postings.map(\.ordinal)))
    }
}
