import Foundation
public import Logging
import ScrolleryCore
package import ScrolleryIO
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
    ///   - events: called with progress as the build runs.
    ///   - logger: where diagnostics go (`--verbose` shows the debug level).
    public init(
        config: SiteConfig, options: BuildOptions = .init(),
        events: @escaping @Sendable (BuildEvent) -> Void = { _ in }, logger: Logger = Logger(label: "scrollery")
    ) {
        self.init(config: config, options: options, fetcher: nil, events: events, logger: logger)
    }

    /// - Parameters:
    ///   - config: the validated site config.
    ///   - options: options of this build.
    ///   - fetcher: how sources are read; local files and HTTP(S) by default.
    ///   - events: called with progress as the build runs.
    ///   - logger: where diagnostics go (`--verbose` shows the debug level).
    ///   - statistics: counters of the requests made, readable while the build runs.
    package init(
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
        try checkPictureLibrary()
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
            throw failure(message)
        }
    }

    /// Whether the output folder holds a build of Scrollery's (its manifest is there).
    var outputHoldsBuild: Bool {
        access(config.outputFolder.appendingPathComponent(OutputFolder.manifestName).path, F_OK) == 0
    }

    /// A failure of this build with `message`, saying whether the output folder keeps a previous build.
    func failure(_ message: String) -> BuildError {
        BuildError(message: message, outputPath: config.outputFolder.path, hadPreviousBuild: outputHoldsBuild)
    }

    /// The picture store as the image stage uses it, when there is one and pictures are made.
    var sharedPictures: SharedPictures? {
        guard config.images.enabled, let pictureStore else { return nil }
        return SharedPictures(store: pictureStore, logger: logger)
    }

    /// Stops a build whose pictures need libvips when it cannot be opened, before anything is fetched or
    /// written, with one line that says what to install or switch off.
    func checkPictureLibrary() throws(BuildError) {
        guard PictureLibrary.isNeeded(by: config), let reason = PictureLibrary.openFailure else { return }
        throw failure(PictureLibrary.missing(reason))
    }

    /// Asks the picture store, once, whether it can be used, so that a wrong secret or a missing bucket
    /// stops the run at its start rather than failing each picture.
    /// - Throws: `BuildError` naming the store and what to check; the previous site is left as it was.
    func checkPictureStore() async throws(BuildError) {
        guard config.images.enabled, let pictureStore else { return }
        do {
            try await pictureStore.check()
        } catch {
            throw failure("The picture store (images.store) cannot be used: \(error.description)")
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
            previous.overridden == 0, outputHoldsBuild
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

    /// Reads the source, enriches its items chunk by chunk and hands them to the page pipeline, reporting
    /// each page as it goes.
    /// - Returns: what the pages counted, and the originals in `static/` published as variants.
    private func writePages(
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
                search: config.search),
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
        var pages = try PagePipeline(
            config: config, theme: theme, buildKey: buildKey, store: output.store, logger: logger)
        do {
            // In the order the config asks for: reverse reads the whole source first, spilled to disk.
            let ordered = OrderedItems(
                base: source, order: config.source.order, limit: limit, spillFolder: config.cache.folder)
            let chunks = ItemChunks(base: ordered, size: config.pageSize, limit: limit)
            for try await items in EnrichedChunks(chunks: chunks, enricher: enricher) {
                try Task.checkCancellation()
                let number = try await pages.add(items, into: &output)
                summary.detailsFailed += report(
                    items, page: number, pictures: pictures == nil ? nil : pictureStatistics)
                summary.items += items.count
                summary.pages = number
            }
        } catch {
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
