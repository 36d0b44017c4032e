import ArgumentParser
import Foundation
import Scrollery
import ScrolleryPublish

/// `scrollery deploy [SITE]`: publishes the output folder to S3-compatible hosting.
struct DeployCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deploy",
        abstract: "Publish the built output folder to an S3 bucket: only what changed, in a safe order.",
        discussion: """
            Credentials come from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN; the region \
            from AWS_REGION or AWS_DEFAULT_REGION (us-east-1 when unset); the endpoint from AWS_ENDPOINT_URL_S3 \
            or AWS_ENDPOINT_URL (AWS when unset). Flags win over the config's deploy: section, which wins over \
            the environment. Run scrollery build first: deploy publishes the folder as it is.
            """
    )

    @Argument(help: "The site folder, holding scrollery.yml.", completion: .directory)
    var site = "."

    @Option(help: "Where to publish: s3://BUCKET or s3://BUCKET/PREFIX (default: deploy.to in scrollery.yml).")
    var to: String?

    @Option(help: "An S3-compatible server, https://HOST[:PORT] (R2, B2, MinIO, ...); AWS when absent.")
    var endpoint: String?

    @Option(help: "The bucket's region (auto for Cloudflare R2).")
    var region: String?

    @Flag(name: .customLong("dry-run"), help: "Print what would be uploaded and deleted, and write nothing.")
    var dryRun = false

    @Option(name: .customLong("max-deletes"), help: "Refuse, before any write, to delete more objects (default 256).")
    var maxDeletes: Int?

    @Option(help: "At most this many requests at once (default 8).")
    var concurrency: Int = 8

    @Option(
        name: .customLong("changed-paths"),
        help: "Write the URL paths that changed (uploads and deletes) to this file, one a line, for a CDN.",
        completion: .file())
    var changedPaths: String?

    @Flag(name: .customLong("allow-http"), help: "Allow a plain http:// endpoint that is not on this machine.")
    var allowHTTP = false

    @Flag(
        help: ArgumentHelp(
            "List the bucket instead of reading the last deploy's manifest.",
            discussion: "Finds objects changed or removed by hand since; the manifest is then written anew."))
    var verify = false

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if let maxDeletes, maxDeletes < 0 { throw ValidationError("--max-deletes must be 0 or more.") }
        if !(1...64).contains(concurrency) { throw ValidationError("--concurrency must be from 1 to 64.") }
    }

    func run() async throws {
        let reporter = DeployReporter(verbosity: outputOptions.verbosity)
        let deploy = Task { [self] in
            let siteFolder = URL(fileURLWithPath: site, isDirectory: true).standardizedFileURL
            // The deploy fetches nothing: the source's `${TOKEN}`s need not be set in its job.
            let config = try SiteConfig.load(
                siteFolder: siteFolder, overrides: ConfigOverrides(unsetVariablesAllowed: true))
            let target = try DeployTarget.resolve(
                flags: .init(to: to, endpoint: endpoint, region: region),
                config: .init(to: config.deploy.to, endpoint: config.deploy.endpoint, region: config.deploy.region),
                environment: ProcessInfo.processInfo.environment, allowHTTP: allowHTTP)
            var options = DeployOptions()
            options.dryRun = dryRun
            options.maxDeletes = maxDeletes ?? config.deploy.maxDeletes ?? DeleteLimit.defaultLimit
            options.concurrency = concurrency
            options.changedPathsFile = changedPaths
            options.verify = verify
            options.headerRules = config.deploy.headers.map {
                HeaderRule(match: PathGlob($0.match), cacheControl: $0.cacheControl, contentType: $0.contentType)
            }
            reporter.start(target: target, dryRun: dryRun)
            let deployer = Deployer(
                outputFolder: config.outputFolder.path, target: target, options: options,
                events: { reporter.report($0) })
            let (plan, summary) = try await HTTPS3Transport.with(concurrency: concurrency) { transport in
                try await deployer.run(transport: transport, log: { reporter.verbose($0) })
            }
            if dryRun {
                reporter.printPlan(plan, summary: summary)
                // Whether the deploy itself would go ahead.
                try DeleteLimit.check(deleteCount: plan.deletes.count, limit: options.maxDeletes)
            } else {
                reporter.finish(summary)
            }
        }
        // Ctrl-C (or a CI runner's SIGTERM) cancels the deploy: requests in flight stop; every object is
        // whole (S3 writes are atomic), and the next deploy finishes the job.
        let interruption = Interruption(
            activity: "deploy", afterKill: "every object in the bucket is whole; deploy again to finish"
        ) { deploy.cancel() }
        defer { interruption.stop() }
        do {
            try await deploy.value
        } catch {
            reporter.fail(error)
            throw interruption.happened ? ExitCode(130) : ExitCode.failure
        }
    }
}
