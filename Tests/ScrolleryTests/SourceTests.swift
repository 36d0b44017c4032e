import Foundation
import ScrolleryTestSupport
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

@Suite("Source")
struct SourceTests {
    /// Items `{"id": "1"}`, `{"id": "2"}`, … numbered from `start`.
    static func items(_ range: ClosedRange<Int>) -> [[String: String]] {
        range.map { ["id": String($0)] }
    }

    /// Writes `data/page-N.json` files of `perPage` items each for `count` items, as `{"items": [...]}`.
    static func writePages(_ count: Int, perPage: Int, into folder: ScratchFolder) throws {
        var page = 1
        var start = 1
        while start <= count {
            let end = min(start + perPage - 1, count)
            try folder.write(jsonText(["items": items(start...end)]), to: "data/page-\(page).json")
            start = end + 1
            page += 1
        }
    }

    static func pages(
        _ config: SourceConfig, fetcher: any Fetcher
    ) -> SourcePages {
        SourcePages(config: config, fetcher: fetcher, onPage: { _, _, _ in })
    }

    static func ids(_ chunk: [SourceItem]) -> [String] {
        chunk.map { item in
            if case .object(let members) = item.value, let id = members["id"]?.scalarText { return id }
            return "?"
        }
    }

    /// Collects every page of a `SourcePages`.
    static func collectPages(_ pages: SourcePages) async throws -> [[JSONValue]] {
        var result: [[JSONValue]] = []
        for try await page in pages { result.append(page) }
        return result
    }

    /// The error reading `pages` to the end throws; records an issue when it throws none.
    static func sourceError(
        _ pages: SourcePages, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> (any Error)? {
        do {
            let read = try await collectPages(pages)
            Issue.record("expected an error, read \(read.count) pages", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Pagination

    @Test("pages are fetched page-1.json, page-2.json, … until a file is missing")
    func paginatesUntilMissingFile() async throws {
        try await withScratchFolder { folder in
            try Self.writePages(10, perPage: 4, into: folder)
            let fetcher = CountingFetcher(base: LocalFileFetcher(siteFolder: folder.url))
            let pages = try await Self.collectPages(Self.pages(pageSourceConfig(), fetcher: fetcher))
            #expect(pages.map(\.count) == [4, 4, 2])
            let locations = await fetcher.log.locations
            #expect(
                locations == ["data/page-1.json", "data/page-2.json", "data/page-3.json", "data/page-4.json"])
        }
    }

    @Test("onPage reports each page's number, location and item count")
    func onPageReports() async throws {
        try await withScratchFolder { folder in
            try Self.writePages(5, perPage: 3, into: folder)
            let reports = ReportLog()
            let pages = SourcePages(
                config: try pageSourceConfig(), fetcher: LocalFileFetcher(siteFolder: folder.url),
                onPage: { number, location, count in reports.append("\(number) \(location) \(count)") })
            _ = try await Self.collectPages(pages)
            #expect(reports.all == ["1 data/page-1.json 3", "2 data/page-2.json 2"])
        }
    }

    @Test("pagination starts at `first`")
    func paginationStartsAtFirst() async throws {
        try await withScratchFolder { folder in
            try folder.write(jsonText(["items": Self.items(1...2)]), to: "data/page-0.json")
            try folder.write(jsonText(["items": Self.items(3...3)]), to: "data/page-1.json")
            let fetcher = CountingFetcher(base: LocalFileFetcher(siteFolder: folder.url))
            let pages = try await Self.collectPages(Self.pages(pageSourceConfig(first: 0), fetcher: fetcher))
            #expect(pages.map(\.count) == [2, 1])
            #expect(await fetcher.log.locations.first == "data/page-0.json")
        }
    }

    @Test("an empty items array ends the source, even when later pages exist")
    func stopsAtEmptyArray() async throws {
        try await withScratchFolder { folder in
            try folder.write(jsonText(["items": Self.items(1...3)]), to: "data/page-1.json")
            try folder.write(jsonText(["items": [String]()]), to: "data/page-2.json")
            try folder.write(jsonText(["items": Self.items(4...6)]), to: "data/page-3.json")
            let fetcher = CountingFetcher(base: LocalFileFetcher(siteFolder: folder.url))
            let pages = try await Self.collectPages(Self.pages(pageSourceConfig(), fetcher: fetcher))
            #expect(pages.map(\.count) == [3])
            #expect(await fetcher.log.locations == ["data/page-1.json", "data/page-2.json"])
        }
    }

    @Test("an empty first page is an empty source, not an error")
    func emptyFirstPage() async throws {
        try await withScratchFolder { folder in
            try folder.write(jsonText(["items": [String]()]), to: "data/page-1.json")
            let config = try pageSourceConfig()
            let chunks = ItemChunks(
                base: Self.pages(config, fetcher: LocalFileFetcher(siteFolder: folder.url)), size: 5, limit: nil)
            #expect(try await collectChunks(chunks).isEmpty)
        }
    }

    @Test("a source page that is itself the array is read with items: \"\"")
    func responseIsTheArray() async throws {
        try await withScratchFolder { folder in
            try folder.write(jsonText(Self.items(1...3)), to: "data/page-1.json")
            let pages = try await Self.collectPages(
                Self.pages(pageSourceConfig(items: ""), fetcher: LocalFileFetcher(siteFolder: folder.url)))
            #expect(pages.count == 1)
            #expect(pages.first?.count == 3)
            #expect(pages.first?.first == .object(["id": .string("1")]))
        }
    }

    @Test("items are found at a nested pointer")
    func nestedItemsPointer() async throws {
        try await withScratchFolder { folder in
            try folder.write(jsonText(["data": ["results": Self.items(1...2)]]), to: "data/page-1.json")
            let pages = try await Self.collectPages(
                Self.pages(pageSourceConfig(items: "/data/results"), fetcher: LocalFileFetcher(siteFolder: folder.url)))
            #expect(pages.map(\.count) == [2])
        }
    }

    @Test("an absolute path and a file:// URL are read too")
    func absoluteAndFileURLLocations() async throws {
        try await withScratchFolder { folder in
            try Self.writePages(3, perPage: 3, into: folder)
            let absolute = folder.url.appendingPathComponent("data").path + "/page-{{page}}.json"
            for url in [absolute, "file://" + absolute] {
                let pages = try await Self.collectPages(
                    Self.pages(pageSourceConfig(url: url), fetcher: LocalFileFetcher(siteFolder: folder.url)))
                #expect(pages.map(\.count) == [3], "\(url)")
            }
        }
    }

    // MARK: - Chunks

    @Test("7 items per source page regroup into chunks of 5 across page boundaries, numbered 1…21")
    func chunksAcrossSourcePages() async throws {
        try await withScratchFolder { folder in
            try Self.writePages(21, perPage: 7, into: folder)
            let config = try pageSourceConfig()
            let chunks = try await collectChunks(
                ItemChunks(
                    base: Self.pages(config, fetcher: LocalFileFetcher(siteFolder: folder.url)), size: 5,
                    limit: config.limit))
            #expect(chunks.map(\.count) == [5, 5, 5, 5, 1])
            let all = chunks.flatMap { $0 }
            #expect(all.map(\.position) == Array(1...21))
            let ids: [String] = all.flatMap { Self.ids([$0]) }
            let expected: [String] = (1...21).map { String($0) }
            #expect(ids == expected)
        }
    }

    @Test("a chunk size larger than a source page gathers several pages")
    func chunkLargerThanPage() async throws {
        try await withScratchFolder { folder in
            try Self.writePages(10, perPage: 3, into: folder)
            let chunks = try await collectChunks(
                ItemChunks(
                    base: Self.pages(pageSourceConfig(), fetcher: LocalFileFetcher(siteFolder: folder.url)),
                    size: 8, limit: nil))
            #expect(chunks.map(\.count) == [8, 2])
            #expect(chunks.flatMap { $0 }.map(\.position) == Array(1...10))
        }
    }

    @Test("a limit stops early and fetches no more source pages than it needs")
    func limitStopsEarly() async throws {
        try await withScratchFolder { folder in
            try Self.writePages(70, perPage: 7, into: folder)
            let fetcher = CountingFetcher(base: LocalFileFetcher(siteFolder: folder.url))
            let config = try pageSourceConfig(limit: 12)
            let chunks = try await collectChunks(
                ItemChunks(base: Self.pages(config, fetcher: fetcher), size: 5, limit: config.limit))
            #expect(chunks.map(\.count) == [5, 5, 2])
            #expect(chunks.flatMap { $0 }.map(\.position) == Array(1...12))
            #expect(await fetcher.log.locations == ["data/page-1.json", "data/page-2.json"])
        }
    }

    @Test("a limit inside the first source page fetches only that page")
    func limitInsideFirstPage() async throws {
        try await withScratchFolder { folder in
            try Self.writePages(21, perPage: 7, into: folder)
            let fetcher = CountingFetcher(base: LocalFileFetcher(siteFolder: folder.url))
            let chunks = try await collectChunks(
                ItemChunks(base: Self.pages(pageSourceConfig(limit: 7), fetcher: fetcher), size: 5, limit: 7))
            #expect(chunks.map(\.count) == [5, 2])
            #expect(await fetcher.log.locations == ["data/page-1.json"])
        }
    }

    @Test("a limit larger than the source reads the whole source")
    func limitLargerThanSource() async throws {
        try await withScratchFolder { folder in
            try Self.writePages(6, perPage: 4, into: folder)
            let chunks = try await collectChunks(
                ItemChunks(
                    base: Self.pages(pageSourceConfig(limit: 1000), fetcher: LocalFileFetcher(siteFolder: folder.url)),
                    size: 5, limit: 1000))
            #expect(chunks.map(\.count) == [5, 1])
        }
    }

    // MARK: - Errors

    @Test("a missing first page is an error naming its location")
    func missingFirstPage() async throws {
        try await withScratchFolder { folder in
            let error = try #require(
                await Self.sourceError(
                    Self.pages(pageSourceConfig(), fetcher: LocalFileFetcher(siteFolder: folder.url))))
            let sourceError = try #require(error as? SourceError)
            #expect(sourceError.location == "data/page-1.json")
            #expect(sourceError.description.contains("data/page-1.json"))
            #expect(sourceError.description.contains("could not be fetched"))
            #expect(sourceError.description.contains("source.url"))
        }
    }

    @Test("an unreadable later page is an error, not the end of the source")
    func unreadableLaterPage() async throws {
        try await withScratchFolder { folder in
            try folder.write(jsonText(["items": Self.items(1...2)]), to: "data/page-1.json")
            // A folder where a file should be: it exists but cannot be read as a file.
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent("data/page-2.json"), withIntermediateDirectories: true)
            let error = try #require(
                await Self.sourceError(
                    Self.pages(pageSourceConfig(), fetcher: LocalFileFetcher(siteFolder: folder.url))))
            let sourceError = try #require(error as? SourceError)
            #expect(sourceError.location == "data/page-2.json")
        }
    }

    @Test("malformed JSON names the location and says it is not valid JSON")
    func malformedJSON() async throws {
        try await withScratchFolder { folder in
            try folder.write(jsonText(["items": Self.items(1...2)]), to: "data/page-1.json")
            try folder.write("{\"items\": [1, 2,", to: "data/page-2.json")
            let error = try #require(
                await Self.sourceError(
                    Self.pages(pageSourceConfig(), fetcher: LocalFileFetcher(siteFolder: folder.url))))
            let sourceError = try #require(error as? SourceError)
            #expect(sourceError.location == "data/page-2.json")
            #expect(sourceError.description.hasPrefix("Source page data/page-2.json "))
            #expect(sourceError.description.contains("is not valid JSON"))
        }
    }

    @Test("a missing items member names the location and the pointer")
    func missingItemsMember() async throws {
        try await withScratchFolder { folder in
            try folder.write(jsonText(["results": Self.items(1...2)]), to: "data/page-1.json")
            let error = try #require(
                await Self.sourceError(
                    Self.pages(pageSourceConfig(), fetcher: LocalFileFetcher(siteFolder: folder.url))))
            let sourceError = try #require(error as? SourceError)
            #expect(sourceError.location == "data/page-1.json")
            #expect(sourceError.description.contains("data/page-1.json"))
            #expect(sourceError.description.contains("`/items`"))
            #expect(sourceError.description.contains("source.items"))
        }
    }

    @Test("an items pointer at something other than an array says an array was expected")
    func itemsNotAnArray() async throws {
        try await withScratchFolder { folder in
            try folder.write(jsonText(["items": ["id": "1"]]), to: "data/page-1.json")
            let error = try #require(
                await Self.sourceError(
                    Self.pages(pageSourceConfig(), fetcher: LocalFileFetcher(siteFolder: folder.url))))
            let sourceError = try #require(error as? SourceError)
            #expect(sourceError.description.contains("data/page-1.json"))
            #expect(sourceError.description.contains("has no array at `/items`"))
        }
    }

    @Test("an object response read with items: \"\" says an array was expected")
    func wholeResponseNotAnArray() async throws {
        try await withScratchFolder { folder in
            try folder.write(jsonText(["items": Self.items(1...2)]), to: "data/page-1.json")
            let error = try #require(
                await Self.sourceError(
                    Self.pages(pageSourceConfig(items: ""), fetcher: LocalFileFetcher(siteFolder: folder.url))))
            let sourceError = try #require(error as? SourceError)
            #expect(sourceError.description.contains("has no array"))
            #expect(sourceError.description.contains("\"\" when the response is the array"))
        }
    }

    @Test("LocalFileFetcher reports a missing file as notFound with the location")
    func localFetcherMissingFile() async throws {
        try await withScratchFolder { folder in
            let fetcher = LocalFileFetcher(siteFolder: folder.url)
            do throws(FetchError) {
                _ = try await fetcher.fetch(FetchRequest("data/none.json"))
                Issue.record("expected a FetchError")
            } catch {
                #expect(error.kind == .notFound)
                #expect(error.location == "data/none.json")
                #expect(error.description.hasPrefix("data/none.json: "))
            }
        }
    }

    // MARK: - JSON

    @Test("JSON numbers, booleans and nulls keep their types")
    func jsonValueTypes() throws {
        let value = try JSONValue.parse(Data(#"{"a": 1, "b": 0, "c": true, "d": null, "e": 2.5, "f": "1"}"#.utf8))
        let expected: JSONValue = .object([
            "a": .number(1), "b": .number(0), "c": .bool(true), "d": .null, "e": .number(2.5), "f": .string("1"),
        ])
        #expect(value == expected)
        #expect(JSONValue.number(1).scalarText == "1")
        #expect(JSONValue.number(2.5).scalarText == "2.5")
        #expect(JSONValue.bool(false).scalarText == "false")
        #expect(JSONValue.null.scalarText == nil)
    }

    // MARK: - JSON pointers

    static let document: JSONValue = .object([
        "items": .array([.string("zero"), .string("one"), .object(["name": .string("two")])]),
        "a/b": .string("slash"),
        "m~n": .string("tilde"),
        "~1": .string("literal tilde one"),
        "": .string("empty key"),
    ])

    @Test(
        "JSON pointers resolve members, array indices and ~0/~1 escapes",
        arguments: [
            ("/items/0", JSONValue.string("zero")),
            ("/items/1", .string("one")),
            ("/items/2/name", .string("two")),
            ("/a~1b", .string("slash")),
            ("/m~0n", .string("tilde")),
            ("/~01", .string("literal tilde one")),
            ("/", .string("empty key")),
        ])
    func pointerResolves(pointer: String, expected: JSONValue) throws {
        let parsed = try #require(JSONPointer(pointer))
        #expect(parsed.resolve(in: Self.document) == expected)
        #expect(parsed.description == pointer)
    }

    @Test("the empty pointer is the whole document")
    func emptyPointer() throws {
        let pointer = try #require(JSONPointer(""))
        #expect(pointer.tokens.isEmpty)
        #expect(pointer.resolve(in: Self.document) == Self.document)
    }

    @Test(
        "JSON pointers to nothing resolve to nil",
        arguments: ["/missing", "/items/3", "/items/-1", "/items/x", "/items/0/name", "/a/b", "/items/2/name/x"])
    func pointerMisses(pointer: String) throws {
        let parsed = try #require(JSONPointer(pointer))
        #expect(parsed.resolve(in: Self.document) == nil)
    }

    @Test("tokens are unescaped ~1 before ~0")
    func pointerTokens() throws {
        #expect(JSONPointer("/a~1b/m~0n/~01/0")?.tokens == ["a/b", "m~n", "~1", "0"])
        #expect(JSONPointer("/a//b")?.tokens == ["a", "", "b"])
    }

    @Test("a pointer not starting with / is refused", arguments: ["items", "#/items", " /items"])
    func pointerRefused(text: String) {
        #expect(JSONPointer(text) == nil)
    }
}
