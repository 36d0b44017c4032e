import ArgumentParser
import Foundation
import Scrollery
import ScrolleryCore
import ScrolleryIO

/// `scrollery pictures [SITE] --shard K/N`: one CI job's share of a site's pictures.
struct PicturesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pictures",
        abstract: "Fetch and process one shard's pictures into the cache; no pages.",
        discussion: """
            Reads the source and details only from the cache that `scrollery fetch` filled, so every shard \
            sees the same items. A picture is in the shard its original's URL (or path) hashes to: the same \
            split on every machine and every run. Copy the shards' cache folders together, then \
            `scrollery build --offline` makes the pages and processes nothing the shards did.
            """
    )

    @Argument(help: "The site folder, holding scrollery.yml.", completion: .directory)
    var site = "."

    @Option(help: "This job's shard, K/N: the K-th of N (from 1), e.g. 3/16.")
    var shard: String = "1/1"

    @OptionGroup var source: SourceOptions

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        do {
            _ = try PictureShard(parsing: shard)
        } catch {
            throw ValidationError("--shard \(error.description)")
        }
    }

    func run() async throws {
        let shard = try PictureShard(parsing: self.shard)
        let statistics = FetchStatistics()
        let reporter = ProgressReporter(verbosity: outputOptions.verbosity, statistics: statistics)
        let logger = outputOptions.makeLogger()
        try await runReported(reporter) { [self] in
            let config = try SiteConfig.load(
                siteFolder: URL(fileURLWithPath: site, isDirectory: true).standardizedFileURL)
            let builder = SiteBuilder(
                config: config,
                options: BuildOptions(
                    strict: source.strict, maxItems: source.maxItems, cacheMode: source.refresh ? .refresh : .normal),
                events: { reporter.report($0) }, logger: logger, statistics: statistics)
            return try await withPictureStore(builder, config: config) { try await $0.run(.pictures(shard)) }
                .description
        }
    }
}
