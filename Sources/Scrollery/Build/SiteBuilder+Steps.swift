import Foundation
import ScrolleryCore
package import ScrolleryIO
import Synchronization

/// A step of a build split across machines, which fills the cache folder and writes no page: `fetch` (the
/// source pages and details, no pictures) and `pictures` (one shard's pictures, from the items the cache
/// holds). A `build --offline` after them makes the pages from the caches.
public enum CacheStep: Sendable, Equatable {
    /// Source pages and details into the HTTP cache.
    case fetch
    /// The pictures of one shard into the picture cache; the source and details are read only from the
    /// HTTP cache, so every shard sees the same items.
    case pictures(PictureShard)
}

/// What a cache step did.
public struct CacheStepSummary: Sendable, Equatable {
    public var step: CacheStep
    /// Items read from the source.
    public var items = 0
    /// Source pages read.
    public var sourcePages = 0
    /// Items whose details failed.
    public var detailsFailed = 0
    /// What the picture stage did (`pictures` only).
    public var images = ImageCounts()
    /// The requests made and what the cache saved.
    package var network = FetchStatistics.Counts()
    /// The hosts that went down, in the order they did.
    package var hostsDown: [HostHealth.Outage] = []
    /// The cache folder filled.
    public var cachePath = ""
    public var duration: Duration = .zero

    /// The summary's lines: what was done, then a line per host that was down.
    public var description: String {
        let seconds = Double(duration / .milliseconds(1)) / 1000
        let time = String(format: seconds < 10 ? "%.2f s" : "%.1f s", seconds)
        let requests =
            "\(network.requests) requests (\(network.notModified) not modified), \(network.cacheHits) cache hits"
        let head: String
        switch step {
        case .fetch:
            head =
                "Fetched \(items) items from \(sourcePages) source pages into \(cachePath): \(requests), "
                + "\(detailsFailed) details failed, \(time)."
        case .pictures(let shard):
            head =
                "Pictures of shard \(shard) into \(cachePath): \(images.description) of \(items) items, "
                + "\(requests), \(time)."
        }
        return ([head] + hostsDown.map { "Host down: " + BuildSummary.describe($0) }).joined(separator: "\n")
    }
}

extension SiteBuilder {
    /// Runs one step of a split build: fills the cache folder and writes no page.
    /// - Throws: `BuildError` when the source cannot be read (for `pictures`, when it is not in the cache),
    ///   and with `--strict` when an item's details or a picture failed. What was cached stays cached.
    public func run(_ step: CacheStep) async throws(BuildError) -> CacheStepSummary {
        let started = ContinuousClock.now
        if case .pictures = step {
            guard config.images.enabled else {
                throw BuildError(
                    .setup,
                    message: "images.enabled is off in scrollery.yml: there are no pictures to make. Turn it on, or "
                        + "leave out the `pictures` step.", outputPath: config.outputFolder.path,
                    hadPreviousBuild: false)
            }
            try checkPictureLibrary()
            try await checkPictureStore()
        }
        let purpose: BuildFetchers.Purpose = step == .fetch ? .fetchStep : .picturesStep
        var summary = try await withFetchers(for: purpose) { fetchers throws(BuildError) in
            try await run(step, items: fetchers.items, pictures: step == .fetch ? nil : fetchers.pictures)
        }
        summary.duration = ContinuousClock.now - started
        return summary
    }

    private func run(_ step: CacheStep, items: any Fetcher, pictures: (any Fetcher)?)
        async throws(BuildError) -> CacheStepSummary
    {
        var summary = CacheStepSummary(step: step)
        summary.cachePath = config.cache.folder.path
        let pictureStatistics = PictureStatistics()
        do {
            try CacheFolder.prepare(config.cache.folder)
            var maker: PictureMaker?
            if case .pictures(let shard) = step {
                maker = PictureMaker(
                    settings: config.images, fetcher: pictures ?? items, cacheFolder: config.cache.folder,
                    statistics: pictureStatistics, redactor: config.redactor, logger: logger, shard: shard,
                    shared: sharedPictures)
            }
            let enricher = try Enricher(
                detail: config.detail,
                mapper: try ItemMapper(
                    config.item, baseURL: config.baseURL, redactor: config.redactor, sections: config.sections),
                fetcher: items, concurrency: options.concurrency, redactor: config.redactor, logger: logger,
                pictures: maker)
            let sourcePageCount = Mutex(0)
            let events = self.events
            let logger = self.logger
            let limit = itemLimit
            let source = SourcePages(
                config: config.source, fetcher: items, redactor: config.redactor, limit: limit,
                onWarning: { logger.warning("\($0)") }
            ) { number, location, count in
                sourcePageCount.withLock { $0 = number }
                events(.sourcePage(number: number, location: location, items: count))
            }
            let ordered = OrderedItems(
                base: source, order: config.source.order, limit: limit, spillFolder: config.cache.folder)
            var chunk = 0
            for try await enriched in EnrichedChunks(
                chunks: ItemChunks(base: ordered, size: config.pageSize, limit: limit), enricher: enricher)
            {
                try Task.checkCancellation()
                chunk += 1
                summary.detailsFailed += report(
                    enriched, page: chunk, pictures: maker == nil ? nil : pictureStatistics)
                summary.items += enriched.count
            }
            summary.sourcePages = sourcePageCount.withLock { $0 }
            summary.images = pictureStatistics.snapshot
            summary.network = statistics.snapshot
            summary.hostsDown = statistics.hosts.outages
            try refuseIfStrict(summary.detailsFailed, summary.images, run: .cacheStep)
            return summary
        } catch {
            throw failure(
                of: error, cancelled: "The \(step.name) step was cancelled; what it finished is kept in the cache.",
                outputHeldBuild: false)
        }
    }
}

extension CacheStep {
    /// The command's name.
    var name: String {
        switch self {
        case .fetch: "fetch"
        case .pictures: "pictures"
        }
    }
}
