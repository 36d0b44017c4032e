import Foundation
import Logging
import ScrolleryTestSupport
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO

/// A remote response is parsed once: the cache parses it to decide whether to keep it, and the source
/// uses that value instead of parsing the body again.
@Suite("Parsing a response once")
struct ParseOnceTests {
    /// Answers every request with the same body.
    struct FixedFetcher: Fetcher {
        let body: String
        func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
            FetchResponse(
                body: Data(body.utf8), headers: ["content-type": "application/json"], location: request.location)
        }
    }

    func cachingFetcher(body: String, folder: URL) -> CachingFetcher {
        CachingFetcher(
            network: FixedFetcher(body: body), cache: HTTPCache(folder: folder),
            settings: CacheConfig(folder: folder), mode: .refresh, statistics: FetchStatistics(),
            redactor: Redactor(), logger: Logger(label: "test"))
    }

    @Test("a fetched response that the cache keeps carries the JSON it parsed")
    func cacheHandsOnItsParse() async throws {
        try await withScratchFolder { scratch in
            let fetcher = cachingFetcher(
                body: #"{"items": [{"id": 1}]}"#, folder: scratch.url.appendingPathComponent("cache"))
            let response = try await fetcher.fetch(FetchRequest("https://api.example/items"))
            #expect(response.parsedJSON == (try JSONValue.parse(Data(#"{"items": [{"id": 1}]}"#.utf8))))
        }
    }

    @Test("a response the cache refuses carries nothing parsed, and the source reports it as before")
    func brokenResponseIsNotParsedTwice() async throws {
        try await withScratchFolder { scratch in
            let fetcher = cachingFetcher(body: "{not json", folder: scratch.url.appendingPathComponent("cache"))
            let response = try await fetcher.fetch(FetchRequest("https://api.example/items"))
            #expect(response.parsedJSON == nil)
            #expect(throws: SourceError.self) { try JSONDocument.decode(response, shownAs: "items") }
        }
    }

    @Test("the source takes the parsed value and does not read the body again")
    func sourceUsesTheParsedValue() throws {
        var response = FetchResponse(body: Data("this body is never parsed".utf8), location: "https://api.example/")
        response.parsedJSON = .array([.string("parsed")])
        #expect(try JSONDocument.decode(response, shownAs: "items") == .array([.string("parsed")]))
    }
}
