import Foundation
import ScrolleryTestSupport
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

/// Counts the detail fetches in flight and remembers every location asked for.
actor InFlightCounter {
    private(set) var current = 0
    private(set) var maximum = 0
    private(set) var locations: [String] = []

    func enter(_ location: String) {
        current += 1
        maximum = max(maximum, current)
        locations.append(location)
    }

    func leave() {
        current -= 1
    }
}

/// Serves detail documents by location after a short random delay, counting how many calls overlap.
struct DelayedDetailFetcher: Fetcher {
    let counter = InFlightCounter()
    /// Detail bytes by location; a location not here is `notFound`.
    let documents: [String: Data]
    /// When set, each fetch also waits (up to 2 s) until this many have been in flight at once, so a test
    /// of the cap does not depend on how busy the machine is.
    var gate: Int? = nil

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let location = request.location
        await counter.enter(location)
        if let gate {
            let deadline = ContinuousClock.now + .seconds(2)
            while await counter.maximum < gate, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        try? await Task.sleep(for: .milliseconds(Int.random(in: 1...15)))
        await counter.leave()
        guard let data = documents[location] else {
            throw FetchError(.notFound, location: location, reason: "no such detail")
        }
        return FetchResponse(body: data, location: location)
    }
}

@Suite("Enricher")
struct EnricherTests {
    static let detailURL = "details/{{id}}.json"

    static let templates = ItemConfig(
        id: "{{id}}", title: "{{title}}", image: nil, width: nil, height: nil, alt: nil,
        description: "{{detail.description}}", date: nil, link: nil)

    static func numberedItems(count: Int) -> [SourceItem] {
        sourceItems(
            (1...count).map { JSONValue.object(["id": .string(String($0)), "title": .string("Item \($0)")]) })
    }

    /// A detail document for every id from 1 to `count`, by location.
    static func documents(count: Int) -> [String: Data] {
        var documents: [String: Data] = [:]
        for id in 1...count {
            documents["details/\(id).json"] = Data(#"{"description": "Detail of *item \#(id)*"}"#.utf8)
        }
        return documents
    }

    static func enricher(
        fetcher: any Fetcher, detailConcurrency: Int = 4, concurrency: Int? = nil, detail: Bool = true
    ) throws -> Enricher {
        let mapper = try ItemMapper(templates, baseURL: try #require(BaseURL("/")))
        return try Enricher(
            detail: detail ? DetailConfig(url: detailURL, concurrency: detailConcurrency, headers: []) : nil,
            mapper: mapper,
            fetcher: fetcher, concurrency: concurrency)
    }

    // MARK: - Concurrency

    @Test("never more than `concurrency` details are in flight, and the cap is reached")
    func concurrencyCap() async throws {
        let fetcher = DelayedDetailFetcher(documents: Self.documents(count: 40), gate: 4)
        let results = try await Self.enricher(fetcher: fetcher, detailConcurrency: 4).enrich(
            Self.numberedItems(count: 40))
        #expect(results.count == 40)
        #expect(await fetcher.counter.maximum == 4)
        #expect(await fetcher.counter.current == 0)
    }

    @Test("a lower concurrency argument wins over the config's")
    func concurrencyArgumentWins() async throws {
        let fetcher = DelayedDetailFetcher(documents: Self.documents(count: 20))
        let enricher = try Self.enricher(fetcher: fetcher, detailConcurrency: 8, concurrency: 2)
        #expect(enricher.concurrency == 2)
        let results = await enricher.enrich(Self.numberedItems(count: 20))
        #expect(results.count == 20)
        #expect(await fetcher.counter.maximum == 2)
    }

    @Test("a concurrency of 1 fetches one detail at a time")
    func serialFetches() async throws {
        let fetcher = DelayedDetailFetcher(documents: Self.documents(count: 8))
        let results = try await Self.enricher(fetcher: fetcher, detailConcurrency: 1).enrich(
            Self.numberedItems(count: 8))
        #expect(results.count == 8)
        #expect(await fetcher.counter.maximum == 1)
    }

    @Test("a concurrency argument of 0 or less still fetches, one at a time")
    func nonPositiveConcurrency() async throws {
        let fetcher = DelayedDetailFetcher(documents: Self.documents(count: 3))
        let enricher = try Self.enricher(fetcher: fetcher, detailConcurrency: 8, concurrency: 0)
        #expect(enricher.concurrency == 1)
        let results = await enricher.enrich(Self.numberedItems(count: 3))
        #expect(results.map(\.id) == ["1", "2", "3"])
    }

    @Test("fewer items than the concurrency are all fetched, each exactly once")
    func fewerItemsThanConcurrency() async throws {
        let fetcher = DelayedDetailFetcher(documents: Self.documents(count: 3))
        let results = try await Self.enricher(fetcher: fetcher, detailConcurrency: 8).enrich(
            Self.numberedItems(count: 3))
        #expect(results.map(\.id) == ["1", "2", "3"])
        #expect(await fetcher.counter.locations.sorted() == ["details/1.json", "details/2.json", "details/3.json"])
        #expect(await fetcher.counter.maximum <= 3)
    }

    @Test("an empty chunk gives no items and no fetches")
    func emptyChunk() async throws {
        let fetcher = DelayedDetailFetcher(documents: [:])
        let results = try await Self.enricher(fetcher: fetcher).enrich([])
        #expect(results.isEmpty)
        #expect(await fetcher.counter.locations.isEmpty)
    }

    // MARK: - Order and content

    @Test("results keep the source order, whatever order the fetches finish in")
    func sourceOrder() async throws {
        let fetcher = DelayedDetailFetcher(documents: Self.documents(count: 30))
        let items = Self.numberedItems(count: 30)
        let results = try await Self.enricher(fetcher: fetcher, detailConcurrency: 6).enrich(items)
        #expect(results.map(\.position) == Array(1...30))
        #expect(results.map(\.id) == (1...30).map(String.init))
        #expect(results.map(\.title) == (1...30).map { "Item \($0)" })
        #expect(results.map { $0.description?.plainText } == (1...30).map { "Detail of item \($0)" })
        #expect(results.allSatisfy { $0.error == nil })
        #expect(Set(await fetcher.counter.locations) == Set(Self.documents(count: 30).keys))
        #expect(await fetcher.counter.locations.count == 30)
    }

    @Test("the detail's Markdown is rendered into the item's description")
    func detailMarkdownRendered() async throws {
        let fetcher = DelayedDetailFetcher(documents: Self.documents(count: 1))
        let results = try await Self.enricher(fetcher: fetcher).enrich(Self.numberedItems(count: 1))
        let item = try #require(results.first)
        #expect(item.description?.html == "<p>Detail of <em>item 1</em></p>\n")
    }

    @Test("a failed detail marks only its own item; the others are intact")
    func failedDetailsAreIsolated() async throws {
        var documents = Self.documents(count: 12)
        documents["details/4.json"] = nil
        documents["details/9.json"] = Data("{\"description\": ".utf8)
        let fetcher = DelayedDetailFetcher(documents: documents)
        let results = try await Self.enricher(fetcher: fetcher, detailConcurrency: 3).enrich(
            Self.numberedItems(count: 12))

        #expect(results.map(\.id) == (1...12).map(String.init))
        #expect(results.filter { $0.error != nil }.map(\.id) == ["4", "9"])
        for item in results where item.id != "4" && item.id != "9" {
            #expect(item.error == nil)
            #expect(item.description?.plainText == "Detail of item \(item.id)")
            #expect(item.title == "Item \(item.id)")
        }

        let missing = try #require(results.first { $0.id == "4" })
        let missingError = try #require(missing.error)
        #expect(missingError.kind == .notFound)
        #expect(missingError.location.hasSuffix("details/4.json"))
        #expect(missingError.message.hasPrefix("Details could not be fetched: "))
        #expect(missing.title == "Item 4")
        #expect(missing.description == nil)

        let invalid = try #require(results.first { $0.id == "9" })
        let invalidError = try #require(invalid.error)
        #expect(invalidError.kind == .invalidData)
        #expect(invalidError.location.hasSuffix("details/9.json"))
        #expect(invalidError.message.contains("is not valid JSON"))
        #expect(invalid.title == "Item 9")
        #expect(invalid.description == nil)
    }

    @Test("without a detail config nothing is fetched and items map from the source alone")
    func noDetailConfig() async throws {
        let fetcher = DelayedDetailFetcher(documents: Self.documents(count: 5))
        let results = try await Self.enricher(fetcher: fetcher, detail: false).enrich(Self.numberedItems(count: 5))
        #expect(results.map(\.id) == ["1", "2", "3", "4", "5"])
        #expect(results.allSatisfy { $0.error == nil && $0.description == nil })
        #expect(await fetcher.counter.locations.isEmpty)
    }

    // MARK: - Detail URLs

    @Test(
        "values substituted into the detail URL are percent-encoded and cannot add path segments",
        arguments: [
            ("../../etc/passwd", "details/..%2F..%2Fetc%2Fpasswd.json"),
            ("..", "details/%2E%2E.json"),
            (".", "details/%2E.json"),
            ("a b?c#d&e", "details/a%20b%3Fc%23d%26e.json"),
            ("/abs", "details/%2Fabs.json"),
            ("Crème", "details/Cr%C3%A8me.json"),
        ])
    func detailURLIsPercentEncoded(id: String, expectedLocation: String) async throws {
        let fetcher = DelayedDetailFetcher(documents: [:])
        let item = SourceItem(position: 1, value: .object(["id": .string(id), "title": .string("T")]))
        let results = try await Self.enricher(fetcher: fetcher).enrich([item])
        let location = try #require(await fetcher.counter.locations.first)
        #expect(location == expectedLocation)
        // The id stays inside one path segment: no segment is `.` or `..`, nothing is added before or after.
        // (`..%2F..` may still contain the characters `/..`, but not as a segment: `details/..%2F...json` is one
        // file name inside `details/`.)
        let segments = location.split(separator: "/", omittingEmptySubsequences: false)
        #expect(segments.count == 2)
        #expect(segments.first == "details")
        #expect(!segments.contains { $0 == ".." || $0 == "." })
        #expect(!location.contains("?") && !location.contains("#"))
        #expect(segments.last.map(String.init)?.removingPercentEncoding == id + ".json")
        #expect(results.first?.error != nil)
    }

    @Test("local detail paths are used as written: an encoded id reads the file named with the encoded id")
    func localDetailForEncodedID() async throws {
        try await withScratchFolder { folder in
            // docs/configuration.md: "Local paths are used as written (not percent-decoded)."
            try folder.write(#"{"description": "encoded name"}"#, to: "details/Cr%C3%A8me%20br%C3%BBl%C3%A9e.json")
            try folder.write(#"{"description": "raw name"}"#, to: "details/Crème brûlée.json")
            let item = SourceItem(position: 1, value: .object(["id": .string("Crème brûlée"), "title": .string("T")]))
            let results = try await Self.enricher(fetcher: LocalFileFetcher(siteFolder: folder.url)).enrich([item])
            let enriched = try #require(results.first)
            #expect(enriched.error == nil)
            #expect(enriched.description?.plainText == "encoded name")
        }
    }

    @Test("a traversal id cannot read a file outside the details folder through LocalFileFetcher")
    func traversalIDCannotReadOutside() async throws {
        try await withScratchFolder { folder in
            let site = folder.url.appendingPathComponent("site")
            try folder.write(#"{"description": "SECRET"}"#, to: "secret.json")
            try folder.write(#"{"description": "fine"}"#, to: "site/details/ok.json")
            let items = [
                SourceItem(position: 1, value: .object(["id": .string("../../secret"), "title": .string("T")])),
                SourceItem(position: 2, value: .object(["id": .string("ok"), "title": .string("U")])),
            ]
            let results = try await Self.enricher(fetcher: LocalFileFetcher(siteFolder: site)).enrich(items)
            #expect(results.count == 2)
            #expect(results.first?.error != nil)
            #expect(results.first?.description == nil)
            #expect(results.last?.description?.plainText == "fine")
            #expect(!results.contains { $0.description?.plainText.contains("SECRET") == true })
        }
    }
}
