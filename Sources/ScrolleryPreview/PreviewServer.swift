public import Foundation
import Hummingbird
import HummingbirdCore
public import Logging
import NIOCore
import NIOPosix
public import Scrollery
public import ScrolleryCore
import ServiceLifecycle

/// `scrollery serve`: builds the site, serves the output on the loopback address, rebuilds when the
/// site changes (one rebuild at a time; a change during a rebuild triggers one more), and tells the
/// pages to reload. A failed rebuild keeps the last good output and shows its error in the page.
/// Connections are limited in number and closed when idle (`PreviewOptions.idleTimeout`).
public struct PreviewServer: Sendable {
    let siteFolder: URL
    let overrides: ConfigOverrides
    let options: PreviewOptions
    let logger: Logger
    let report: @Sendable (String) -> Void

    /// - Parameters:
    ///   - siteFolder: the site folder, holding `scrollery.yml`.
    ///   - overrides: `--output`, `--base-url`.
    ///   - options: how to serve and build.
    ///   - logger: where diagnostics go.
    ///   - report: called with one line for each build and for the address served.
    public init(
        siteFolder: URL, overrides: ConfigOverrides = .init(), options: PreviewOptions = .init(),
        logger: Logger = Logger(label: "scrollery.serve"), report: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.siteFolder = siteFolder
        self.overrides = overrides
        self.options = options
        self.logger = logger
        self.report = report
    }

    /// Builds, serves and watches until the task is cancelled or SIGINT/SIGTERM arrives.
    /// - Parameter onReady: called with the URL of the site once the server listens and the watcher sees
    ///   changes.
    public func run(onReady: @escaping @Sendable (URL) async -> Void = { _ in }) async throws {
        let config = try SiteConfig.load(siteFolder: siteFolder, overrides: overrides)
        let state = PreviewState(outputFolder: config.outputFolder, basePath: config.baseURL.path)
        let broadcaster = ReloadBroadcaster()
        let builder = PreviewBuilder(
            siteFolder: siteFolder, overrides: overrides, options: options.build, state: state,
            broadcaster: broadcaster, logger: logger, report: report)
        await builder.rebuild()

        let router = Router()
        router.add(
            middleware: PreviewResponder(
                state: state, broadcaster: broadcaster, latency: options.latency, failRate: options.failRate))
        let basePath = config.baseURL.path
        let host = options.host
        let report = self.report
        // "Serving" is said once a change made from then on starts a rebuild.
        let readiness = PreviewReadiness { url in
            report("Serving \(url.absoluteString) (Ctrl-C to stop)")
            await onReady(url)
        }
        var quietLogger = logger
        quietLogger.logLevel = max(logger.logLevel, .warning)
        let app = Application(
            router: router,
            server: .http1(configuration: .init(idleTimeout: TimeAmount(options.idleTimeout))),
            configuration: .init(
                address: .hostname(host, port: options.port), serverName: "scrollery",
                availableConnectionsDelegate: MaximumAvailableConnections(options.maxConnections)),
            onServerRunning: { channel in
                // The address really listened on, not the one asked for.
                let address = channel.localAddress
                let shownHost = address?.ipAddress.map { $0.contains(":") ? "[\($0)]" : $0 } ?? host
                guard let url = URL(string: "http://\(shownHost):\(address?.port ?? 0)\(basePath)") else { return }
                await readiness.listening(at: url)
            },
            logger: quietLogger)
        let watched = WatchedPaths(
            folders: ([siteFolder] + [options.build.themeFolder].compactMap { $0 }).map(\.standardizedFileURL.path),
            ignored: [config.outputFolder.standardizedFileURL.path, config.cache.folder.standardizedFileURL.path])
        let watcher = WatchService(
            watcher: SiteWatcher(
                paths: watched, method: options.watching, pollInterval: options.pollInterval, logger: logger),
            builder: builder, broadcaster: broadcaster, debounce: options.debounce,
            armed: { await readiness.watcherArmed() })
        // Shut down in reverse order: the watcher first, which ends the event streams, then the server.
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: app), .init(service: watcher)],
                gracefulShutdownSignals: options.handlesSignals ? [.sigterm, .sigint] : [], logger: quietLogger))
        do {
            try await group.run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw PreviewError(
                description: "\(host):\(options.port) is already in use. Stop the other server, choose another "
                    + "port with --port, or use --port 0 for a free one.")
        }
    }
}

/// Why the preview could not start.
public struct PreviewError: ScrolleryError {
    /// What went wrong and what to do.
    public let description: String
}

/// Runs one build at a time and tells the pages about it.
actor PreviewBuilder {
    /// "Changed: data/a.json and 2 more; rebuilding.", the paths relative to the site folder, or nil
    /// when no path is known.
    static func changeLine(_ changed: [String], in siteFolder: URL) -> String? {
        var names: [String] = []
        let root = siteFolder.standardizedFileURL.path + "/"
        for path in changed {
            let name = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
            if !names.contains(name) { names.append(name) }
        }
        guard let first = names.first else { return nil }
        let more = names.count > 1 ? " and \(names.count - 1) more" : ""
        return "Changed: \(TerminalText.shown(first))\(more); rebuilding."
    }

    let siteFolder: URL
    let overrides: ConfigOverrides
    let options: BuildOptions
    let state: PreviewState
    let broadcaster: ReloadBroadcaster
    let logger: Logger
    let report: @Sendable (String) -> Void

    init(
        siteFolder: URL, overrides: ConfigOverrides, options: BuildOptions, state: PreviewState,
        broadcaster: ReloadBroadcaster, logger: Logger, report: @escaping @Sendable (String) -> Void
    ) {
        self.siteFolder = siteFolder
        self.overrides = overrides
        self.options = options
        self.state = state
        self.broadcaster = broadcaster
        self.logger = logger
        self.report = report
    }

    /// Builds the site; `changed` (the paths that changed since the last build) is said first.
    func rebuild(after changed: [String] = []) async {
        if let line = Self.changeLine(changed, in: siteFolder) { report(line) }
        do {
            let config = try SiteConfig.load(siteFolder: siteFolder, overrides: overrides)
            let summary = try await SiteBuilder(config: config, options: options, logger: logger).build()
            await state.succeeded(outputFolder: config.outputFolder, basePath: config.baseURL.path)
            report(summary.description)
            await broadcaster.broadcast(.reload)
        } catch {
            let message = "\(error)"
            await state.failed(message)
            report("error: \(message)")
            await broadcaster.broadcast(.buildFailed(message))
        }
    }
}

extension PreviewError {
    public var problem: String { description }
}
