import Foundation
import ScrolleryCore
import ScrolleryIO

/// A fingerprint of everything a build of a local site reads: the config and theme (the build key), the
/// options that change the output, and the identity (`FileIdentity`: size, modification and change
/// times, inode) of each source page, each detail file and each file of `static/`.
///
/// A build records the identities of the files as it reads them, each taken just before the file is
/// read, so a file changed during the build is seen by the next one. The next build first compares:
/// it reads the source pages (to know the items) and stats the detail files without opening them; if
/// the fingerprint is the one recorded for the same output folder (in the cache folder: the output
/// stays free of inode numbers and times), it would write the same site, so it stops there. Only sites
/// whose every source is a local file have one; for HTTP sources the cache decides what is fetched again.
struct InputFingerprint {
    let value: String
    /// The counts of the build that had this fingerprint (items, pages, source pages, failed details,
    /// files), to report when the next one stops early.
    private(set) var summary = BuildSummary()
    /// Files of `static/` that replaced generated ones (the build warns about each).
    private(set) var overridden = 0

    init(value: String) {
        self.value = value
    }

    /// Keeps the counts of the build that read these inputs.
    mutating func record(_ summary: BuildSummary, overridden: Int) {
        self.summary = summary
        self.overridden = overridden
    }

    /// Where the fingerprint of the build of `outputFolder` is kept: in the cache folder, named by the
    /// output folder's path.
    static func recordFile(cacheFolder: URL, outputFolder: URL) -> URL {
        var key = Fingerprint(build: "")
        key.add(outputFolder.standardizedFileURL.path)
        return cacheFolder.appendingPathComponent("inputs-\(key.finalize().hex).txt")
    }

    /// What the previous build recorded in `file`, if anything.
    static func recorded(at file: URL) -> InputFingerprint? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 7 else { return nil }
        let counts = words.dropFirst().compactMap { Int($0) }
        guard counts.count == 6 else { return nil }
        var summary = BuildSummary()
        summary.items = counts[0]
        summary.pages = counts[1]
        summary.sourcePages = counts[2]
        summary.detailsFailed = counts[3]
        summary.files = counts[4]
        var fingerprint = InputFingerprint(value: String(words[0]))
        fingerprint.record(summary, overridden: counts[5])
        return fingerprint
    }

    /// Records the fingerprint (a temporary file, then a rename).
    func save(to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file, options: .atomic)
    }

    /// The text of the record.
    var text: String {
        [summary.items, summary.pages, summary.sourcePages, summary.detailsFailed, summary.files, overridden]
            .reduce(value) { "\($0) \($1)" } + "\n"
    }

    /// Reads the source pages as a build would (same pagination and `limit` of items) and stats every
    /// detail file: the fingerprint the build would record if it ran now.
    /// - Returns: the fingerprint, or `nil` when the inputs cannot be read this way (the build itself then
    ///   runs and reports what is wrong).
    static func compute(
        config: SiteConfig, options: BuildOptions, limit: Int?, buildKey: String, local: LocalFileFetcher
    ) async -> InputFingerprint? {
        let files = FileIdentities()
        let pages = local.keepingIdentities(in: files)
        let source = SourcePages(config: config.source, fetcher: pages, redactor: config.redactor, limit: limit)
        do {
            let detail = try config.detail.map { try URLTemplate($0.url, name: "detail.url") }
            // Each chunk's detail files are stat'ed by a task of their own while the next pages are read.
            try await withThrowingTaskGroup(of: Void.self) { group in
                var running = 0
                for try await chunk in ItemChunks(base: source, size: config.pageSize, limit: limit) {
                    guard let detail else { continue }
                    let locations = try chunk.map { try detail.location(of: $0) }
                    if running == Self.statTasks {
                        try await group.next()
                        running -= 1
                    }
                    group.addTask {
                        for location in locations {
                            files.add(location: location, identity: local.folders.identity(of: local.resolve(location)))
                        }
                    }
                    running += 1
                }
                try await group.waitForAll()
            }
        } catch {
            return nil
        }
        return made(config: config, options: options, buildKey: buildKey, files: files)
    }

    /// Chunks whose detail files are stat'ed at once.
    private static let statTasks = 2

    /// The fingerprint of a build that read `files`; the files of `static/` are stat'ed now, so this is
    /// made before they are copied.
    static func made(config: SiteConfig, options: BuildOptions, buildKey: String, files: FileIdentities)
        -> InputFingerprint
    {
        var key = Fingerprint(build: buildKey)
        key.add(options.strict ? "strict" : "lenient")
        key.add(options.maxItems)
        key.add(config.source.url)
        key.add(config.detail?.url ?? "-")
        for secret in config.redactor.hiddenForms { key.add(secret) }
        key.add(files.digest)
        let statics = config.siteFolder.appendingPathComponent("static").path
        for path in ((try? FileManager.default.subpathsOfDirectory(atPath: statics)) ?? []).sorted() {
            key.add(path)
            key.add(FileIdentity.of(path: statics + "/" + path))
        }
        return InputFingerprint(value: key.finalize().hex)
    }
}
