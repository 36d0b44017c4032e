import Foundation
import Logging
import Synchronization

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO

/// A site folder whose config points at a replica, built through `SiteBuilder` as `scrollery build` does.
struct RemoteSite {
    let folder: URL

    init(config: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrollery-remote-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try config.write(to: folder.appendingPathComponent("scrollery.yml"), atomically: true, encoding: .utf8)
    }

    /// The site in an existing folder.
    init(_ folder: URL) {
        self.folder = folder
    }

    var output: URL { folder.appendingPathComponent("public") }

    /// Builds the site; log lines (every level) are collected into `logs`.
    /// - Parameter clock: what the fetches' retries wait on; real time by default.
    func build(
        environment: [String: String] = [:], options: BuildOptions = .init(), logs: LogCollector = LogCollector(),
        clock: any WaitClock = SystemWaitClock()
    ) async throws -> BuildSummary {
        let config = try SiteConfig.load(siteFolder: folder, environment: environment)
        var logger = Logger(label: "test") { _ in logs }
        logger.logLevel = .trace
        var builder = SiteBuilder(config: config, options: options, logger: logger)
        builder.retryClock = clock
        return try await builder.build()
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    func allOutputText() throws -> String {
        try SiteFixture.snapshot(of: output).values.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }

    /// The positions on every listing page, following rel=next from the first.
    func positionsAcrossPages() throws -> [Int] {
        var seen: [Int] = []
        var url: String? = "/"
        while let next = url {
            let html = try read(next == "/" ? "index.html" : String(next.dropFirst()) + "index.html")
            seen += positions(in: html)
            url = relLink("next", in: html)
        }
        return seen
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A swift-log handler that keeps every message, to check what a build logs.
final class LogCollector: LogHandler, Sendable {
    private let lines = Mutex<[String]>([])

    var text: String { lines.withLock { $0.joined(separator: "\n") } }

    func log(event: LogEvent) {
        lines.withLock { $0.append("\(event.level) \(event.message)") }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }

    var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }

    var logLevel: Logger.Level {
        get { .trace }
        set {}
    }
}
