import Foundation
public import Logging
import ScrolleryCore
public import ScrolleryIO
import Synchronization

/// Runs the whole flow for one site: source pages → chunks → details → Markdown → templates → files.
///
/// Pages stream through: only the current chunk and the page before it (which waits to learn whether a
/// next page exists) are held, so memory does not grow with the number of items.
public struct SiteBuilder: Sendable {
    let config: SiteConfig
    let options: BuildOptions
    let customFetcher: (any Fetcher)?
    let events: @Sendable (BuildEvent) -> Void
    let logger: Logger
    let statistics: FetchStatistics
    /// Where processed pictures are shared between machines and runs (`images.store`), made by the command
    /// from the config and the environment; nil keeps them in the cache folder only.
    package var pictureStore: (any PictureStore)?

    /// - Parameters:
    ///   - config: the validated site config.
    ///   - options: options of this build.
    ///   - fetcher: how sources are read; local files and HTTP(S) by default.
    ///   - events: called with progress as the build runs.
    ///   - logger: where diagnostics go (`--verbose` shows the debug level).
    ///   - statistics: counters of the requests made, readable while the build runs.
    public init(
        config: SiteConfig, options: BuildOptions = .init(), fetcher: (any Fetcher)? = nil,
        events: @escaping @Sendable (BuildEvent) -> Void = { _ in }, logger: Logger = Logger(label: "scrollery"),
        statistics: FetchStatistics = FetchStatistics()
    ) {
        self.config = config
        self.options = options
        self.customFetcher = fetcher
        self.events = events
        self.logger = logger
        self.statistics = statistics
    }

    /// Builds the site into its output folder, replacing the previous build only when this one succeeds.
    /// - Returns: what the build did.
    /// - Throws: `BuildError`, with the previous site left as it was.
    public func build() async throws(BuildError) -> BuildSummary {
        try await checkPictureStore()
        if let customFetcher { return try await build(fetcher: customFetcher) }
        let local = LocalFileFetcher(siteFolder: config.siteFolder, maxBodySize: config.fetch.maxBodySize)
        guard usesHTTP || config.images.enabled else { return try await build(local: local, remote: nil) }
        return try await withNetwork { network, cache throws(BuildError) in
            let remote = caching(network, cache, mode: options.cacheMode)
            // Offline, a picture in neither cache (a pictures shard's work that went missing) is fetched.
            let missing =
                options.cacheMode == .offline && config.images.enabled
                ? RoutingFetcher(local: local, remote: caching(network, cache, mode: .normal)) : nil
            // A site whose source is local keeps the shortcut of an unchanged build, even with remote pictures.
            return try await build(
                local: usesHTTP ? nil : local, remote: remote, fallback: local, missingPictures: missing)
        }
    }

    /// Runs `body` with the network and the HTTP cache: one pooled client for the whole run, shut down on
    /// every path.
    func withNetwork<Result>(
        _ body: (HTTPFetcher, HTTPCache) async throws(BuildError) -> Result
    ) async throws(BuildError) -> Result {
        let client = HTTPFetcher.makeClient(
            config.fetch, largestBody: config.images.enabled ? config.images.maxBytes : nil)
        let network = HTTPFetcher(
            client: client, settings: config.fetch, statistics: statistics, redactor: config.redactor, logger: logger)
        let cache = HTTPCache(folder: config.cache.folder)
        cache.removeAbandonedTemporaryFiles()
        let result: Swift.Result<Result, BuildError>
        do {
            result = .success(try await body(network, cache))
        } catch {
            result = .failure(error)
        }
        do {
            try await client.shutdown()
        } catch {
            logger.debug("the HTTP client did not shut down cleanly: \(error)")
        }
        return try result.get()
    }

    /// The network behind the HTTP cache, used as `mode` says.
    func caching(_ network: HTTPFetcher, _ cache: HTTPCache, mode: CacheMode) -> CachingFetcher {
        CachingFetcher(
            network: network, cache: cache, settings: config.cache, mode: mode, statistics: statistics,
            redactor: config.redactor, logger: logger)
    }

    var usesHTTP: Bool {
        ([config.source.url] + [config.detail?.url].compactMap { $0 }).contains { !Location.isLocal($0) }
    }

    /// - Parameters:
    ///   - local: the fetcher of a site whose every source is a local file: such a build first compares its
    ///     inputs with the previous build's (`InputFingerprint`) and stops if they are the same.
    ///   - remote: the fetcher of http(s) locations (sources, details, pictures), if any.
    ///   - fallback: the local fetcher when `local` is `nil` (a remote source).
    ///   - missingPictures: offline, the fetcher of pictures that are in neither cache.
    private func build(
        local: LocalFileFetcher?, remote: (any Fetcher)?, fallback: LocalFileFetcher? = nil,
        missingPictures: (any Fetcher)? = nil
    ) async throws(BuildError) -> BuildSummary {
        let reader = local ?? fallback
        return try await build(
            fetcher: RoutingFetcher(local: reader ?? LocalFileFetcher(siteFolder: config.siteFolder), remote: remote),
            local: local, remote: remote, missingPictures: missingPictures)
    }

    private func build(
        fetcher: any Fetcher, local: LocalFileFetcher? = nil, remote: (any Fetcher)? = nil,
        missingPictures: (any Fetcher)? = nil
    ) async throws(BuildError) -> BuildSummary {
        let started = ContinuousClock.now
        do {
            try CacheFolder.prepare(config.cache.folder)
            let theme = try Theme.load(
                overrides: config.siteFolder.appendingPathComponent("templates"), defaults: options.themeFolder)
            let buildKey = BuildKey.of(config: config, theme: theme)
            if let local, !options.clean, let unchanged = await unchangedBuild(local: local, buildKey: buildKey) {
                logger.debug("the inputs are those of the last build: \(config.outputFolder.path) is left as it was")
                var summary = unchanged.summary
                summary.outputPath = config.outputFolder.path
                summary.duration = ContinuousClock.now - started
                return summary
            }
            // A local site's build keeps the identity of each file it reads, for the next build to compare.
            let files = local.map { _ in FileIdentities() }
            var output = try OutputWriter(outputFolder: config.outputFolder, clean: options.clean)
            logger.debug("staging the build in \(output.stagingFolder.path)")
            var summary: BuildSummary
            var fingerprint: InputFingerprint?
            let overridden: [String]
            do {
                let published: (summary: BuildSummary, localOriginals: Set<String>)
                published = try await writePages(
                    theme: theme, buildKey: buildKey,
                    fetcher: files.flatMap { files in
                        local.map { RoutingFetcher(local: $0.keepingIdentities(in: files), remote: remote) }
                    } ?? fetcher,
                    missingPictures: missingPictures, into: &output)
                summary = published.summary
                // Made before `static/` is copied: its files are stat'ed before they are read.
                fingerprint = files.map {
                    InputFingerprint.made(config: config, options: options, buildKey: buildKey, files: $0)
                }
                try writeSupportFiles(theme: theme, skipping: published.localOriginals, into: &output)
                let down = statistics.hosts.outages.map(BuildSummary.describe).joined(separator: "; ")
                let hostsDown = down.isEmpty ? "" : " Hosts down: \(down)."
                if options.strict, summary.detailsFailed > 0 {
                    throw BuildFailure(
                        "\(summary.detailsFailed) item(s) failed their details and --strict is on.\(hostsDown) "
                            + "Fix the source, or build without --strict to publish them in their error state.")
                }
                if options.strict, summary.images.missing > 0 {
                    throw BuildFailure(
                        "\(summary.images.missing) picture(s) were in neither cache and --strict is on: a pictures "
                            + "shard's work is missing. Run the missing shard again and merge its cache folder, or "
                            + "build without --strict to process them in this build.")
                }
                if options.strict, summary.images.failed > 0 {
                    throw BuildFailure(
                        "\(summary.images.failed) picture(s) could not be had and --strict is on.\(hostsDown) Fix the "
                            + "source, or build without --strict to publish those cards with the image error state.")
                }
                summary.files = output.fileCount
                overridden = output.overriddenFiles
                fingerprint?.record(summary, overridden: overridden.count)
                // A build whose pictures failed runs again next time, to try them again and report them.
                if summary.images.failed > 0 { fingerprint = nil }
            } catch {
                output.discard()
                logger.debug("discarded the staging folder after: \(error)")
                throw error
            }
            // A commit that fails has removed its staging folder: the output folder is as it was.
            let publication = try output.commit()
            if let fingerprint {
                do {
                    try fingerprint.save(to: fingerprintFile)
                } catch {
                    logger.debug("the inputs' fingerprint was not recorded: \(error)")
                }
            }
            if publication.leftUnchanged {
                logger.debug("nothing changed: \(config.outputFolder.path) is left as it was")
            } else {
                logger.debug("published \(publication.fileCount) files to \(config.outputFolder.path)")
            }
            for path in overridden {
                logger.notice("static/\(path) replaces the file of the same name that the build writes")
            }
            summary.outputPath = config.outputFolder.path
            summary.duration = ContinuousClock.now - started
            summary.network = statistics.snapshot
            summary.hostsDown = statistics.hosts.outages
            summary.filesChanged = publication.changedFiles
            return summary
        } catch {
            let message =
                error is CancellationError || Task.isCancelled
                ? "The build was cancelled." : config.redactor("\(error)")
            let manifest = config.outputFolder.appendingPathComponent(OutputFolder.manifestName).path
            throw BuildError(
                message: message, outputPath: config.outputFolder.path,
                hadPreviousBuild: access(manifest, F_OK) == 0)
        }
    }

    /// The picture store as the image stage uses it, when there is one and pictures are made.
    var sharedPictures: SharedPictures? {
        guard config.images.enabled, let pictureStore else { return nil }
        return SharedPictures(store: pictureStore, logger: logger)
    }

    /// Asks the picture store, once, whether it can be used, so that a wrong secret or a missing bucket
    /// stops the run at its start rather than failing each picture.
    /// - Throws: `BuildError` naming the store and what to check; the previous site is left as it was.
    func checkPictureStore() async throws(BuildError) {
        guard config.images.enabled, let pictureStore else { return }
        do {
            try await pictureStore.check()
        } catch {
            let manifest = config.outputFolder.appendingPathComponent(OutputFolder.manifestName).path
            throw BuildError(
                message: "The picture store (images.store) cannot be used: \(error.description)",
                outputPath: config.outputFolder.path, hadPreviousBuild: access(manifest, F_OK) == 0)
        }
    }

    /// The most items the build takes: `source.limit` or `--max-items`, whichever is lower.
    var itemLimit: Int? {
        [config.source.limit, options.maxItems].compactMap { $0 }.min()
    }

    private var fingerprintFile: URL {
        InputFingerprint.recordFile(cacheFolder: config.cache.folder, outputFolder: config.outputFolder)
    }

    /// The previous build's record, when its inputs were the ones of now and its output folder still has
    /// every file it wrote. A build whose items failed, or that replaced generated files, runs again to
    /// report them. Without a usable record, the inputs are not even read.
    private func unchangedBuild(local: LocalFileFetcher, buildKey: String) async -> InputFingerprint? {
        guard let previous = InputFingerprint.recorded(at: fingerprintFile), previous.summary.detailsFailed == 0,
            previous.overridden == 0,
            access(config.outputFolder.appendingPathComponent(OutputFolder.manifestName).path, F_OK) == 0
        else { return nil }
        // The output folder is checked on one core while the inputs are read on the other.
        async let intactFiles = OutputFolder.intactFileCount(of: config.outputFolder)
        guard
            let now = await InputFingerprint.compute(
                config: config, options: options, limit: itemLimit, buildKey: buildKey, local: local),
            now.value == previous.value, await intactFiles == previous.summary.files
        else { return nil }
        return previous
    }

    private func writePages(
        theme: Theme, buildKey: String, fetcher: any Fetcher, missingPictures: (any Fetcher)?,
        into output: inout OutputWriter
    ) async throws -> (summary: BuildSummary, localOriginals: Set<String>) {
        let paths = SitePaths(baseURL: config.baseURL)
        let renderer = PageRenderer(
            theme: theme, paths: paths, title: config.title, description: config.description,
            autoPages: config.scroll.autoPages, layout: config.theme.layout, sections: config.sections.by,
            sectionLabels: config.sections.labels, language: config.language, favorites: config.theme.favorites,
            search: config.search.enabled)
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
                search: config.search),
            fetcher: fetcher,
            concurrency: options.concurrency, redactor: config.redactor, logger: logger, pictures: pictures)
        var publishedPictures = PublishedPictures(cache: VariantCache(cacheFolder: config.cache.folder))
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
        var slugger = Slugger()
        var maps = SiteMaps(paths: paths, title: config.title)
        var pending: (number: Int, items: [(item: GalleryItem, slug: String)])?
        // The last item of the page written before the pending one: the first item page of the pending
        // page links back to it.
        var previousLast: (item: GalleryItem, slug: String)?
        let store = output.store
        // A renderer per page worker, each with its own copy of the theme (see `PageRenderer.independentCopy`).
        let renderers = (0..<Self.renderWidth).map { _ in renderer.independentCopy() }
        // The sections, followed as pages stream; the archive page is written a section at a time.
        var sections = SectionTracker(paths: paths)
        let archive = try ArchiveFile(enabled: config.sections.enabled, renderer: renderer, store: store)
        // The folders of the pending page's items, made by one task while the page before is written.
        var folders: Task<Void, Never>?
        // The search index, fed each chunk's items in order (`nil` without `search.enabled`).
        let search = try SearchIndexBuilder(config: config, renderer: renderer)
        do {
            // In the order the config asks for: reverse reads the whole source first, spilled to disk.
            let ordered = OrderedItems(
                base: source, order: config.source.order, limit: limit, spillFolder: config.cache.folder)
            let chunks = ItemChunks(base: ordered, size: config.pageSize, limit: limit)
            for try await items in EnrichedChunks(chunks: chunks, enricher: enricher) {
                try Task.checkCancellation()
                let slugged = items.map { item in
                    let slug = slugger.next(for: item.id)
                    if let base = slug.firstRepeatOf {
                        logger.warning(
                            """
                            item \(item.position) (id `\(item.id)`) makes the slug `\(base)`, as an earlier item's id \
                            does: it and any later ones get `\(base)-2`, `\(base)-3`, …
                            """)
                    }
                    return (item, slug.text)
                }
                try search?.add(slugged, into: &output)
                let pendingFolders = folders
                folders = Task { store.makeFolders(for: slugged.map { PageName.item(slug: $0.1).path }) }
                if let page = pending {
                    // The page before is rendered and written while the next chunk's details are read.
                    await pendingFolders?.value
                    let placed = sections.marks(for: page.items.map(\.item), page: page.number)
                    try archive?.add(placed.finished)
                    let written = try await Self.render(
                        page.items, page: page.number, hasNext: true,
                        around: (previousLast, slugged.first), sections: placed.marks, renderers: renderers,
                        store: store, buildKey: buildKey)
                    try record(page.items, page: page.number, written: written, maps: &maps, into: &output)
                    try publishedPictures.write(page.items.map(\.item), into: &output)
                    previousLast = page.items.last
                }
                let number = (pending?.number ?? 0) + 1
                let failed = items.filter { $0.error != nil }
                for item in failed {
                    events(.itemFailed(position: item.position, id: item.id, reason: item.error ?? ""))
                }
                for item in items {
                    if case .failed(let reason) = item.picture {
                        events(.pictureFailed(position: item.position, id: item.id, reason: reason))
                    }
                }
                if pictures != nil { events(.images(pictureStatistics.snapshot)) }
                summary.items += items.count
                summary.detailsFailed += failed.count
                summary.pages = number
                events(.page(number: number, items: items.count, failed: failed.count))
                pending = (number, slugged)
            }
            await folders?.value
        } catch {
            // A folder task left running could make folders in the staging folder while it is removed.
            folders?.cancel()
            await folders?.value
            throw error
        }
        let last = (items: pending?.items ?? [], number: pending?.number ?? 1)
        let placed = sections.marks(for: last.items.map(\.item), page: last.number)
        try record(
            last.items, page: last.number,
            written: try await Self.render(
                last.items, page: last.number, hasNext: false, around: (previousLast, nil), sections: placed.marks,
                renderers: renderers, store: store, buildKey: buildKey),
            maps: &maps, into: &output)
        if let archive {
            try archive.add(placed.finished + [sections.finish()].compactMap { $0 })
            let file = try archive.finish()
            try output.record(file.path, changed: file.changed)
        }
        try publishedPictures.write(last.items.map(\.item), into: &output)
        summary.images = pictureStatistics.snapshot
        summary.pages = max(summary.pages, 1)
        summary.sourcePages = sourcePageCount.withLock { $0 }
        try search?.finish(into: &output)
        try output.write(Data(try renderer.notFoundPage()), to: "404.html")
        if config.theme.favorites { try output.write(Data(try renderer.favoritesPage()), to: FavoritesPage.path) }
        var sitemaps = StagedTextFiles(store: store)
        try maps.writeSitemaps(pages: output.pageNames, into: &sitemaps)
        for file in sitemaps.finished { try output.record(file.path, changed: file.changed) }
        try output.write(maps.robots(), to: "robots.txt")
        try output.write(maps.atomFeed(), to: "feed.xml")
        return (summary, publishedPictures.localOriginals)
    }

    /// Renders a listing page and the pages of its items on every core, and writes them.
    /// - Parameter around: the item just before this page (the last of the page before) and the item just
    ///   after it (the first of the next page), which the first and last item pages link to.
    /// - Returns: each page and whether it changed: the listing page first, then the items in order.
    private static func render(
        _ items: [(item: GalleryItem, slug: String)], page: Int, hasNext: Bool,
        around: (before: (item: GalleryItem, slug: String)?, after: (item: GalleryItem, slug: String)?),
        sections: [SectionMark?], renderers: [PageRenderer], store: OutputStore, buildKey: String
    ) async throws -> [(page: PageName, changed: Bool, key: Fingerprint.Digest)] {
        let names = [PageName.list(page)] + items.map { PageName.item(slug: $0.slug) }
        let files = names.map(\.path)
        let cards = items.map { renderers[0].card($0.item, slug: $0.slug) }
        // Each item's neighbours in the whole gallery, in order: the page's own, and one on each side.
        let sequence = ([around.before] + items.map { Optional($0) } + [around.after]).map {
            $0.map { PageRenderer.Neighbour(slug: $0.slug, title: $0.item.title) }
        }
        /// Renders and writes file `index` with the worker's own renderer.
        @Sendable func renderAndWrite(_ index: Int, with renderer: PageRenderer) throws -> (
            changed: Bool, key: Fingerprint.Digest
        ) {
            var key = Fingerprint(build: buildKey)
            key.add(page)
            if index == 0 {
                key.add(hasNext ? "next" : "last")
                for (item, slug) in items { key.add(item, slug: slug) }
                // What the page shows of sections: its headings, and which section each card is in.
                for mark in sections { key.add(mark?.keyText ?? "-") }
            } else {
                key.add(items[index - 1].item, slug: items[index - 1].slug)
                // What the page shows of its neighbours: a changed or moved neighbour renders it again.
                for neighbour in [sequence[index - 1], sequence[index + 1]] {
                    key.add(neighbour.map { "=" + $0.slug } ?? "none")
                    key.add(neighbour?.title ?? "")
                }
            }
            let finished = key.finalize()
            let changed = try store.write(key: finished, to: files[index]) {
                index == 0
                    ? try renderer.listPage(number: page, cards: cards, hasNext: hasNext, sections: sections)
                    : try renderer.itemPage(
                        items[index - 1].item, card: cards[index - 1], listPage: page,
                        previous: sequence[index - 1], next: sequence[index + 1])
            }
            return (changed, finished)
        }
        var results = [(changed: Bool, key: Fingerprint.Digest)](
            repeating: (false, Fingerprint.Digest(high: 0, low: 0)), count: files.count)
        // A few workers, each taking the next file until none is left: a task per worker, not per file.
        let queue = IndexQueue(count: files.count)
        try await withThrowingTaskGroup(of: [(Int, (changed: Bool, key: Fingerprint.Digest))].self) { group in
            for worker in 0..<min(renderers.count, files.count) {
                let renderer = renderers[worker]
                group.addTask {
                    var done: [(Int, (changed: Bool, key: Fingerprint.Digest))] = []
                    while true {
                        guard let index = queue.next() else { return done }
                        try Task.checkCancellation()
                        done.append((index, try renderAndWrite(index, with: renderer)))
                    }
                }
            }
            for try await done in group {
                for (index, result) in done { results[index] = result }
            }
        }
        return zip(names, results).map { ($0, $1.changed, $1.key) }
    }

    /// Pages rendered at once: one per core, and one more to cover a core's wait on the disk.
    private static let renderWidth = ProcessInfo.processInfo.activeProcessorCount + 1

    /// Lists the files of a page in order, and gives its items to the feed.
    private func record(
        _ items: [(item: GalleryItem, slug: String)], page: Int,
        written: [(page: PageName, changed: Bool, key: Fingerprint.Digest)],
        maps: inout SiteMaps, into output: inout OutputWriter
    ) throws {
        for file in written { try output.record(file.page, changed: file.changed, key: file.key) }
        for (item, slug) in items { maps.addItem(item, slug: slug) }
    }

    /// - Parameter skipping: files of `static/` not copied (the originals of published pictures).
    private func writeSupportFiles(theme: Theme, skipping: Set<String>, into output: inout OutputWriter) throws {
        // Each under its plain name too, for templates of a site's own that still say `style.css`.
        let assets = ThemeAssets(theme: theme, favorites: config.theme.favorites, search: config.search.enabled)
        for asset in assets.assets {
            try output.write(asset.data, to: "assets/\(asset.name)")
            try output.write(asset.data, to: "assets/\(asset.fingerprintedName)")
        }
        try output.copyTree(from: config.siteFolder.appendingPathComponent("static"), skipping: skipping)
    }
}

/// A reason to stop the build that is not tied to one file or URL.
struct BuildFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The indices `0..<count`, each handed out once, to whichever worker asks first.
private final class IndexQueue: Sendable {
    private let count: Int
    private let taken = Mutex(0)

    init(count: Int) { self.count = count }

    func next() -> Int? {
        taken.withLock { taken in
            guard taken < count else { return nil }
            defer { taken += 1 }
            return taken
        }
    }
}
