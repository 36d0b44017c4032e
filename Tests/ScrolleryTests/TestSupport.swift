import Foundation
import Synchronization
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO

/// A uniquely named folder under the system's temporary directory, removed by `remove()`.
struct ScratchFolder {
    let url: URL

    init() throws {
        let name = "scrollery-tests-\(UUID().uuidString)"
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to `relativePath` (creating folders) and returns the file's URL.
    @discardableResult
    func write(_ text: String, to relativePath: String) throws -> URL {
        try write(Data(text.utf8), to: relativePath)
    }

    /// Writes `data` to `relativePath` (creating folders) and returns the file's URL.
    @discardableResult
    func write(_ data: Data, to relativePath: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    /// Every file and folder under the folder, as sorted relative paths.
    func allPaths() -> [String] {
        let root = url.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var paths: [String] = []
        while let next = enumerator.nextObject() as? String { paths.append(next) }
        return paths.sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Runs `body` with a fresh temporary folder and removes the folder afterwards, even when `body` throws.
func withScratchFolder<T>(_ body: (ScratchFolder) async throws -> T) async throws -> T {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    return try await body(folder)
}

/// Synchronous variant of `withScratchFolder`.
func withScratchFolderSync<T>(_ body: (ScratchFolder) throws -> T) throws -> T {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    return try body(folder)
}

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
