import Foundation
import Synchronization

/// A fingerprint of everything a build of a local site reads: the config and theme (the build key), the
/// options that change the output, the bytes of the source pages, each detail file's identity (size,
/// modification and change times, inode: from `stat`, without opening it) and the files of `static/`.
///
/// A build whose fingerprint matches the one the previous build recorded for the same output folder (in
/// the cache folder: the output stays free of inode numbers and times) would write the same site, so it
/// stops there: a rebuild with nothing changed reads the source pages and stats the
/// detail files, and does nothing else. Only sites whose every source is a local file have one; for HTTP
/// sources the cache decides what is fetched again.
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
        var key = RenderKey(build: "")
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
    /// detail file.
    /// - Returns: the fingerprint, or `nil` when the inputs cannot be read this way (the build itself then
    ///   runs and reports what is wrong).
    static func compute(
        config: SiteConfig, options: BuildOptions, limit: Int?, buildKey: String, local: LocalFileFetcher
    ) async -> InputFingerprint? {
        var key = RenderKey(build: buildKey)
        key.add(options.strict ? "strict" : "lenient")
        key.add(options.maxItems)
        key.add(config.source.url)
        key.add(config.detail?.url ?? "-")
        for secret in config.redactor.hiddenForms { key.add(secret) }
        let pages = HashingFetcher(base: local)
        let source = SourcePages(config: config.source, fetcher: pages, redactor: config.redactor, limit: limit)
        do {
            let detail = try config.detail.map { try URLTemplate($0.url) }
            for try await chunk in ItemChunks(base: source, size: config.pageSize, limit: limit) {
                guard let detail else { continue }
                for item in chunk {
                    let location = detail.location(of: item)
                    key.add(location)
                    key.add(identity(of: local.resolve(location)))
                }
            }
        } catch {
            return nil
        }
        for (location, digest) in pages.digests.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            key.add(location)
            key.add(digest.hex)
        }
        let statics = config.siteFolder.appendingPathComponent("static").path
        for path in ((try? FileManager.default.subpathsOfDirectory(atPath: statics)) ?? []).sorted() {
            key.add(path)
            key.add(identity(of: statics + "/" + path))
        }
        return InputFingerprint(value: key.finalize().hex)
    }

    /// A file's size, times and inode: any write to it changes at least its change time.
    static func identity(of path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "missing" }
        return "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) "
            + "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec) \(info.st_ino) \(info.st_mode)"
    }
}

/// Reads local files and keeps the SHA-256 of each body by location.
private final class HashingFetcher: Fetcher {
    let base: LocalFileFetcher
    let digests = Mutex<[String: RenderKey.Digest]>([:])

    init(base: LocalFileFetcher) {
        self.base = base
    }

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let response = try await base.fetch(request)
        var key = RenderKey(build: "")
        key.add(response.body)
        let digest = key.finalize()
        digests.withLock { $0[request.location] = digest }
        return response
    }
}
