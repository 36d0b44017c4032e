import Foundation
import Logging
import ScrolleryCore
import ScrolleryIO
import Synchronization

/// Fetches each item's detail concurrently (never more than `concurrency` at once, across all the chunks
/// being enriched), renders it, and returns the items in their source order whatever order the fetches
/// finish in. A failed detail only marks its own item.
struct Enricher: Sendable {
    let detail: DetailConfig?
    let detailTemplate: URLTemplate?
    let mapper: ItemMapper
    let fetcher: any Fetcher
    let concurrency: Int
    let redactor: Redactor
    let logger: Logger
    /// The image stage, when `images.enabled` is on.
    let pictures: PictureMaker?
    /// Shared by every `enrich` call, so two chunks enriched at once still fetch `concurrency` at most.
    private let permits: Permits

    init(
        detail: DetailConfig?, mapper: ItemMapper, fetcher: any Fetcher, concurrency: Int? = nil,
        redactor: Redactor = Redactor(), logger: Logger = Logger(label: "scrollery.enrich"),
        pictures: PictureMaker? = nil
    ) throws {
        self.pictures = pictures
        self.redactor = redactor
        self.logger = logger
        self.detail = detail
        self.detailTemplate = try detail.map { try URLTemplate($0.url, name: "detail.url") }
        self.mapper = mapper
        self.fetcher = fetcher
        self.concurrency = max(1, min(concurrency ?? Int.max, detail?.concurrency ?? 8))
        self.permits = Permits(limit: self.concurrency)
    }

    func enrich(_ chunk: [SourceItem]) async -> [GalleryItem] {
        // `concurrency` workers, each taking the next item in order as it finishes one: a slow detail holds
        // up only its own worker, and a chunk costs a few tasks, not one per item.
        let cursor = ChunkCursor()
        var results = [GalleryItem?](repeating: nil, count: chunk.count)
        await withTaskGroup(of: [(Int, GalleryItem)].self) { group in
            for _ in 0..<min(concurrency, chunk.count) {
                group.addTask {
                    var done: [(Int, GalleryItem)] = []
                    while let index = cursor.take(below: chunk.count) {
                        done.append((index, await enrich(chunk[index])))
                    }
                    return done
                }
            }
            for await done in group {
                for (index, item) in done { results[index] = item }
            }
        }
        return results.compactMap { $0 }
    }

    /// The item with its detail and its picture. When a template reads `picture.*`, the picture is made
    /// first (from `item.image` alone), so that the item is mapped once, with it.
    func enrich(_ item: SourceItem) async -> GalleryItem {
        let (detail, error) = await fetchDetail(of: item)
        guard let pictures else { return mapper.map(item, detail: detail, error: error) }
        guard mapper.readsPicture else {
            let mapped = mapper.map(item, detail: detail, error: error)
            guard let reference = mapped.image else { return mapped }
            return mapped.with(picture: await pictures.picture(for: reference))
        }
        guard let reference = mapper.imageReference(of: item, detail: detail) else {
            return mapper.map(item, detail: detail, error: error)
        }
        let picture = await pictures.picture(for: reference)
        var values: [String: String]?
        if case .published(let published) = picture { values = published.image.templateValues }
        return mapper.map(item, detail: detail, error: error, picture: values).with(picture: picture)
    }

    /// The item's detail, or why it could not be had (`nil` for both without `detail:`).
    private func fetchDetail(of item: SourceItem) async -> (JSONValue?, Failure?) {
        guard let detailTemplate else { return (nil, nil) }
        let location: String
        do {
            location = try detailTemplate.location(of: item)
        } catch {
            return (nil, Failure(.invalidTemplate, message: "Details were not fetched: \(error)", underlying: error))
        }
        let shown = redactor(location)
        logger.debug("fetching details of item \(item.position) from \(shown)")
        let response: FetchResponse
        do {
            response = try await permits.withPermit {
                try await fetcher.fetch(FetchRequest(location, headers: detail?.headers ?? []))
            }
        } catch let error as FetchError {
            let failure = error.failure
            return (nil, failure.with(message: "Details could not be fetched: \(redactor(failure.message))"))
        } catch {
            return (
                nil,
                Failure(.cancelled, location: shown, message: "Details were not fetched: the build was cancelled")
            )
        }
        do {
            return (try JSONDocument.decode(response, shownAs: shown), nil)
        } catch {
            return (
                nil,
                Failure(
                    .invalidData, location: error.location, message: "Details at \(error.location) \(error.problem)",
                    underlying: error)
            )
        }
    }
}

/// The next item of a chunk to enrich, shared by its workers.
private final class ChunkCursor: Sendable {
    private let next = Mutex(0)

    /// The next index, or `nil` once `count` are taken.
    func take(below count: Int) -> Int? {
        next.withLock { next in
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
