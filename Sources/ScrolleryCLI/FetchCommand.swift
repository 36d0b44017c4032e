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

    @Option(name: .customLong("max-items"), help: "Fetch at most this many items.")
    var maxItems: Int?

    @Option(help: "At most this many detail requests at once.")
    var concurrency: Int?

    @Flag(help: "Fail when any item's details fail (what was fetched stays in the cache).")
    var strict = false

    @Flag(help: "Ignore the cache: fetch everything again (and store it).")
    var refresh = false

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if let maxItems, maxItems < 1 { throw ValidationError("--max-items must be at least 1.") }
        if let concurrency, !(1...64).contains(concurrency) {
            throw ValidationError("--concurrency must be from 1 to 64.")
        }
    }

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
                    strict: strict, maxItems: maxItems, concurrency: concurrency,
                    cacheMode: refresh ? .refresh : .normal),
                events: { reporter.report($0) }, logger: logger, statistics: statistics)
            return try await builder.run(.fetch).description
        }
    }
}
