import ArgumentParser
import Foundation
import Logging
import Scrollery
import ScrolleryIO

/// `scrollery build [SITE]`.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into its output folder; the previous build stays until this one succeeds."
    )

    @Argument(help: "The site folder, holding scrollery.yml.", completion: .directory)
    var site = "."

    @Option(help: "The output folder, relative to the current folder (default: `output` in scrollery.yml).")
    var output: String?

    @Option(name: .customLong("base-url"), help: "The path or URL the site is served under, e.g. /gallery/.")
    var baseURL: String?

    @OptionGroup var source: SourceOptions

    @OptionGroup var details: DetailConcurrencyOption

    @Flag(
        help: ArgumentHelp(
            "Read the source and details only from the cache; fail for any it does not have.",
            discussion: "A picture whose variants are in neither cache (a pictures shard that failed) is still "
                + "fetched and processed, and counted in the summary."))
    var offline = false

    @Flag(help: "Remove files from the output folder that Scrollery did not write.")
    var clean = false

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if source.refresh && offline {
            throw ValidationError("--refresh and --offline cannot be used together.")
        }
    }

    func run() async throws {
        let statistics = FetchStatistics()
        let reporter = ProgressReporter(verbosity: outputOptions.verbosity, statistics: statistics)
        let logger = outputOptions.makeLogger()
        // Interrupted, the build stops its requests, removes its staging folder and keeps the previous site.
        try await runReported(reporter) { [self] in
            let siteFolder = URL(fileURLWithPath: site, isDirectory: true).standardizedFileURL
            let config = try SiteConfig.load(
                siteFolder: siteFolder, overrides: ConfigOverrides(output: output, baseURL: baseURL))
            let builder = SiteBuilder(
                config: config,
                options: BuildOptions(
                    strict: source.strict, maxItems: source.maxItems, concurrency: details.concurrency,
                    cacheMode: offline ? .offline : source.refresh ? .refresh : .normal, clean: clean),
                events: { reporter.report($0) }, logger: logger, statistics: statistics)
            return try await withPictureStore(builder, config: config) { try await $0.build() }.description
        }
    }
}

extension OutputOptions {
    var verbosity: ProgressReporter.Verbosity { quiet ? .quiet : verbose ? .verbose : .normal }
}
