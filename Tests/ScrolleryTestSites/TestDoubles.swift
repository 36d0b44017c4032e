import Foundation
import Synchronization
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO

/// The JSON text of a Foundation value (dictionaries, arrays, strings, numbers), keys sorted.
func jsonText(_ value: Any) throws -> String {
    let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
}

/// Wraps another fetcher and records every location it is asked for.
actor FetchLog {
    private(set) var locations: [String] = []

    func record(_ location: String) {
        locations.append(location)
    }
}

struct CountingFetcher: Fetcher {
    let base: any Fetcher
    let log = FetchLog()

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        await log.record(request.location)
        return try await base.fetch(request)
    }
}

/// Collects every chunk of an `ItemChunks` sequence.
func collectChunks<Base: AsyncSequence & Sendable>(_ chunks: ItemChunks<Base>) async throws -> [[SourceItem]] {
    var result: [[SourceItem]] = []
    for try await chunk in chunks { result.append(chunk) }
    return result
}

/// A `SourceConfig` for numbered local pages.
func pageSourceConfig(
    url: String = "data/page-{{page}}.json", items: String = "/items", first: Int = 1, limit: Int? = nil
) throws -> SourceConfig {
    let pointer = try #require(JSONPointer(items))
    return SourceConfig(
        url: url, items: pointer, paginate: .page(param: "page", first: first, sizeParam: nil, size: nil),
        limit: limit, headers: [])
}

/// Source items at positions 1… for the given values.
func sourceItems(_ values: [JSONValue]) -> [SourceItem] {
    values.enumerated().map { SourceItem(position: $0.offset + 1, value: $0.element) }
}

/// A lock-protected list of strings, for callbacks that are not async.
final class ReportLog: Sendable {
    private let storage = Mutex<[String]>([])

    func append(_ text: String) {
        storage.withLock { $0.append(text) }
    }

    var all: [String] {
        storage.withLock { $0 }
    }
}
