import Foundation
public import Logging
package import ScrolleryCore
package import ScrolleryIO

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
    /// What the fetches' retries wait on: real time, or a test's virtual time.
    package var retryClock: any WaitClock = SystemWaitClock()

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
        return try await withFetchers(for: .build) { fetchers throws(BuildError) in
            try await build(with: fetchers)
        }
    }

    /// The steps of a build: load the theme, stop at an unchanged build, stage the pages and files, publish
    /// them in one exchange, and record the inputs.
    private func build(with fetchers: BuildFetchers) async throws(BuildError) -> BuildSummary {
        let started = ContinuousClock.now
        do {
            try CacheFolder.prepare(config.cache.folder)
            let theme = try Theme.load(
                overrides: config.siteFolder.appendingPathComponent("templates"), defaults: options.themeFolder)
            let buildKey = BuildKey.of(config: config, theme: theme)
            if let unchanged = await unchangedBuild(fetchers, buildKey: buildKey) {
                logger.debug("the inputs are those of the last build: \(config.outputFolder.path) is left as it was")
                return finished(unchanged.summary, started: started)
            }
            var output = try OutputWriter(outputFolder: config.outputFolder, clean: options.clean)
            logger.debug("staging the build in \(output.stagingFolder.path)")
            let staged: Staged
            do {
                staged = try await stage(theme: theme, buildKey: buildKey, fetchers: fetchers, into: &output)
            } catch {
                output.discard()
                logger.debug("discarded the staging folder after: \(error)")
                throw error
            }
            // A commit that fails has removed its staging folder: the output folder is as it was.
            let publication = try output.commit()
            record(staged.fingerprint)
            if publication.leftUnchanged {
                logger.debug("nothing changed: \(config.outputFolder.path) is left as it was")
            } else {
                logger.debug("published \(publication.fileCount) files to \(config.outputFolder.path)")
            }
            for path in staged.overridden {
                logger.notice("static/\(path) replaces the file of the same name that the build writes")
            }
            var summary = finished(staged.summary, started: started)
            summary.network = statistics.snapshot
            summary.hostsDown = statistics.hosts.outages
            summary.filesChanged = publication.changedFiles
            return summary
        } catch {
            throw failure(of: error, cancelled: "The build was cancelled.", outputHeldBuild: outputHoldsBuild)
        }
    }

    /// What a build put in its staging folder: its summary, the files of `static/` that replaced generated
    /// ones, and the inputs' fingerprint to record once it is published (`nil` when the next build must run
    /// again).
    private struct Staged {
        var summary: BuildSummary
        var overridden: [String]
        var fingerprint: InputFingerprint?
    }

    /// Writes the pages, the theme's assets and `static/` into the staging folder and applies `--strict`.
    private func stage(
        theme: Theme, buildKey: String, fetchers: BuildFetchers, into output: inout OutputWriter
    ) async throws -> Staged {
        // A local site's build keeps the identity of each file it reads, for the next build to compare.
        let files = fetchers.sourceIsLocal ? FileIdentities() : nil
        let fetcher = files.map { fetchers.items(keepingIdentitiesIn: $0) } ?? fetchers.items
        let published = try await writePages(
            theme: theme, buildKey: buildKey, fetcher: fetcher, missingPictures: fetchers.missingPictures,
            into: &output)
        var staged = Staged(summary: published.summary, overridden: [], fingerprint: nil)
        // Made before `static/` is copied: its files are stat'ed before they are read.
        staged.fingerprint = files.map {
            InputFingerprint.made(config: config, options: options, buildKey: buildKey, files: $0)
        }
        try writeSupportFiles(theme: theme, skipping: published.localOriginals, into: &output)
        try refuseIfStrict(staged.summary.detailsFailed, staged.summary.images, run: .build)
        staged.summary.files = output.fileCount
        staged.overridden = output.overriddenFiles
        staged.fingerprint?.record(staged.summary, overridden: staged.overridden.count)
        // A build whose pictures failed runs again next time, to try them again and report them.
        if staged.summary.images.failed > 0 { staged.fingerprint = nil }
        return staged
    }

    /// Throws what `--strict` refuses of a run that counted these failures.
    func refuseIfStrict(_ detailsFailed: Int, _ pictures: ImageCounts, run: StrictPolicy.Run) throws {
        let down = statistics.hosts.outages.map(BuildSummary.describe).joined(separator: "; ")
        let policy = StrictPolicy(enabled: options.strict, run: run)
        if let refusal = policy.refusal(detailsFailed: detailsFailed, pictures: pictures, hostsDown: down) {
            throw refusal
        }
    }

    /// Saves the inputs' fingerprint of a published build, for the next build to compare with.
    private func record(_ fingerprint: InputFingerprint?) {
        guard let fingerprint else { return }
        do {
            try fingerprint.save(to: fingerprintFile)
        } catch {
            logger.debug("the inputs' fingerprint was not recorded: \(error)")
        }
    }

    /// `summary` with the output folder and the time since `started`.
    private func finished(_ summary: BuildSummary, started: ContinuousClock.Instant) -> BuildSummary {
        var summary = summary
        summary.outputPath = config.outputFolder.path
        summary.duration = ContinuousClock.now - started
        return summary
    }

    /// The `BuildError` of a run that stopped on `error`, its kind told by what the error is.
    /// - Parameters:
    ///   - cancelled: the message of a cancelled run.
    ///   - outputHeldBuild: whether the output folder holds a previous build, left as it was.
    func failure(of error: any Error, cancelled: String, outputHeldBuild: Bool) -> BuildError {
        let outputPath = config.outputFolder.path
        if let error = error as? BuildError { return error }
        if error is CancellationError || Task.isCancelled {
            return BuildError(.cancelled, message: cancelled, outputPath: outputPath, hadPreviousBuild: outputHeldBuild)
        }
        if let refusal = error as? BuildError.Refusal {
            return BuildError(
                .strict(refusal.counts), message: config.redactor(refusal.message), outputPath: outputPath,
                hadPreviousBuild: outputHeldBuild)
        }
        return BuildError(
            .failed, message: config.redactor("\(error)"), underlying: error, outputPath: outputPath,
            hadPreviousBuild: outputHeldBuild)
    }

    /// Whether the output folder holds a build of Scrollery's (its manifest is there).
    var outputHoldsBuild: Bool {
        access(config.outputFolder.appendingPathComponent(OutputFolder.manifestName).path, F_OK) == 0
    }

    /// A build that could not start, with `message`, saying whether the output folder keeps a previous build.
    func setupFailure(_ message: String) -> BuildError {
        BuildError(.setup, message: message, outputPath: config.outputFolder.path, hadPreviousBuild: outputHoldsBuild)
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
        throw setupFailure(PictureLibrary.missing(reason))
    }

    /// Asks the picture store, once, whether it can be used, so that a wrong secret or a missing bucket
    /// stops the run at its start rather than failing each picture.
    /// - Throws: `BuildError` naming the store and what to check; the previous site is left as it was.
    func checkPictureStore() async throws(BuildError) {
        guard config.images.enabled, let pictureStore else { return }
        do {
            try await pictureStore.check()
        } catch {
            throw setupFailure("The picture store (images.store) cannot be used: \(error.description)")
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
    private func unchangedBuild(_ fetchers: BuildFetchers, buildKey: String) async -> InputFingerprint? {
        guard fetchers.sourceIsLocal, !options.clean, let previous = InputFingerprint.recorded(at: fingerprintFile),
            previous.summary.detailsFailed == 0,
            previous.overridden == 0, outputHoldsBuild
        else { return nil }
        // The output folder is checked on one core while the inputs are read on the other.
        async let intactFiles = OutputFolder.intactFileCount(of: config.outputFolder)
        guard
            let now = await InputFingerprint.compute(
                config: config, options: options, limit: itemLimit, buildKey: buildKey, local: fetchers.local),
            now.value == previous.value, await intactFiles == previous.summary.files
        else { return nil }
        return previous
    }
}
