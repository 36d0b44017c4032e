import Foundation
import ScrolleryCore
import ScrolleryIO
import Synchronization

extension SiteBuilder {
    /// Reads the source, enriches its items chunk by chunk and hands them to the page pipeline, reporting
    /// each page as it goes.
    /// - Returns: what the pages counted, and the originals in `static/` published as variants.
    func writePages(
        theme: Theme, buildKey: String, fetcher: any Fetcher, missingPictures: (any Fetcher)?,
        into output: inout OutputWriter
    ) async throws -> (summary: BuildSummary, localOriginals: Set<String>) {
        let pictureStatistics = PictureStatistics()
        let pictures =
            config.images.enabled
            ? PictureMaker(
                settings: config.images, fetcher: fetcher, cacheFolder: config.cache.folder,
                statistics: pictureStatistics, redactor: config.redactor, logger: logger,
                missingFetcher: missingPictures, shared: sharedPictures) : nil
        let enricher = try Enricher(
            detail: config.detail,
            mapper: try ItemMapper(
                config.item, baseURL: config.baseURL, redactor: config.redactor, sections: config.sections,
                search: config.search, groups: config.groups),
            fetcher: fetcher,
            concurrency: options.concurrency, redactor: config.redactor, logger: logger, pictures: pictures)
        let sourcePageCount = Mutex(0)
        let events = self.events
        let limit = itemLimit
        let logger = self.logger
        let source = SourcePages(
            config: config.source, fetcher: fetcher, redactor: config.redactor, limit: limit,
            onWarning: { logger.warning("\($0)") }
        ) {
            number, location, items in
            sourcePageCount.withLock { $0 = number }
            events(.sourcePage(number: number, location: location, items: items))
        }
        var summary = BuildSummary()
        // In the order the config asks for: reverse reads the whole source first, spilled to disk.
        let ordered = OrderedItems(
            base: source, order: config.source.order, limit: limit, spillFolder: config.cache.folder)
        let chunks = ItemChunks(base: ordered, size: config.pageSize, limit: limit)
        var enriched = EnrichedChunks(chunks: chunks, enricher: enricher).makeAsyncIterator()
        var pages: PagePipeline
        do {
            // The first chunks' details are fetched while the page workers get their copies of the theme
            // (so the source's first pages are read before the pipeline's own warnings and failures).
            try await enriched.start()
            pages = try PagePipeline(
                config: config, theme: theme, buildKey: buildKey, store: output.store, logger: logger)
        } catch {
            await enriched.cancel()
            throw error
        }
        do {
            while let items = try await enriched.next() {
                try Task.checkCancellation()
                let number = try await pages.add(items, into: &output)
                summary.detailsFailed += report(
                    items, page: number, pictures: pictures == nil ? nil : pictureStatistics)
                summary.items += items.count
                summary.pages = number
            }
        } catch {
            await enriched.cancel()
            await pages.stop()
            throw error
        }
        let localOriginals = try await pages.finish(into: &output)
        summary.images = pictureStatistics.snapshot
        summary.pages = max(summary.pages, 1)
        summary.sourcePages = sourcePageCount.withLock { $0 }
        return (summary, localOriginals)
    }

    /// Reports a chunk's items: those that failed their details or their picture, the pictures' counts so
    /// far (when pictures are made), and the chunk as page `number`.
    /// - Returns: how many of the items failed their details.
    func report(_ items: [GalleryItem], page number: Int, pictures: PictureStatistics?) -> Int {
        var failed = 0
        for item in items {
            if let failure = item.error {
                failed += 1
                events(.itemFailed(position: item.position, id: item.id, failure: failure))
            }
            if case .failed(let failure) = item.picture {
                events(.pictureFailed(position: item.position, id: item.id, failure: failure))
            }
        }
        if let pictures { events(.images(pictures.snapshot)) }
        events(.page(number: number, items: items.count, failed: failed))
        return failed
    }

    /// - Parameter skipping: files of `static/` not copied (the originals of published pictures).
    func writeSupportFiles(theme: Theme, skipping: Set<String>, into output: inout OutputWriter) throws {
        // Each under its plain name too, for templates of a site's own that still say `style.css`.
        let assets = ThemeAssets(theme: theme, favorites: config.theme.favorites, search: config.search.enabled)
        for asset in assets.assets {
            try output.write(asset.data, to: "assets/\(asset.name)")
            try output.write(asset.data, to: "assets/\(asset.fingerprintedName)")
        }
        try output.copyTree(from: config.siteFolder.appendingPathComponent("static"), skipping: skipping)
    }
}
