import ArgumentParser
import Foundation
import Scrollery
import ScrolleryIO

/// `scrollery fetch [SITE]`: the first step of a build split across CI jobs.
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch the source pages and details into the cache; no pictures, no pages.",
        discussion: """
            The first step of a build split across CI jobs: then `scrollery pictures --shard K/N` in N jobs, \
            and `scrollery build --offline` once their cache folders are copied together.
            """
    )

    @Argument(help: "The site folder, holding scrollery.yml.", completion: .directory)
    var site = "."

    @OptionGroup var source: SourceOptions

    @OptionGroup var details: DetailConcurrencyOption

    @OptionGroup var outputOptions: OutputOptions

    func run() async throws {
        let statistics = FetchStatistics()
        let reporter = ProgressReporter(verbosity: outputOptions.verbosity, statistics: statistics)
        let logger = outputOptions.makeLogger()
        try await runReported(reporter) { [self] in
            let config = try SiteConfig.load(
                siteFolder: URL(fileURLWithPath: site, isDirectory: true).standardizedFileURL)
            let builder = SiteBuilder(
                config: config,
                options: BuildOptions(
                    strict: source.strict, maxItems: source.maxItems, concurrency: details.concurrency,
                    cacheMode: source.refresh ? .refresh : .normal),
                events: { reporter.report($0) }, logger: logger, statistics: statistics)
            return try await builder.run(.fetch).description
        }
    }
}
