import Foundation
import Logging
import ScrolleryTestSupport
import Testing

@testable import ScrolleryPreview
@testable import ScrolleryTestSites

/// The preview's watcher: the kernel's change notification on Linux (no CPU while idle), polling as the
/// fallback; the output and cache folders and dot-files never trigger a rebuild.
@Suite("The site watcher", .timeLimit(.minutes(1)))
struct SiteWatcherTests {
    /// Waits until `signal` has seen a change of `path` after its first `seen` changed paths (true), or
    /// `timeout` passes (false).
    static func sees(
        _ signal: ChangeSignal, _ path: String, after seen: Int, within timeout: Duration = .seconds(10)
    ) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if signal.changedPaths.dropFirst(seen).contains(path) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return signal.changedPaths.dropFirst(seen).contains(path)
    }

    /// Does `change` and tells whether `signal` saw a change of `relative` in the site folder.
    static func notices(
        _ signal: ChangeSignal, _ site: ScratchFolder, _ relative: String, _ change: () throws -> Void
    ) async throws -> Bool {
        let seen = signal.changedPaths.count
        try change()
        return await sees(signal, site.url.standardizedFileURL.path + "/" + relative, after: seen)
    }

    /// Does `change` (of `relative`, in the site folder or under `root`), then a change that is watched,
    /// and tells whether `signal` saw the watched one and not the first: a watcher reports changes in
    /// the order they happen, so seeing the second proves the first was passed over.
    static func ignores(
        _ signal: ChangeSignal, _ site: ScratchFolder, _ relative: String, under root: URL? = nil,
        _ change: () throws -> Void
    ) async throws -> Bool {
        let seen = signal.changedPaths.count
        try change()
        let marker = "data/marker-\(UUID().uuidString).json"
        try site.write("{}", to: marker)
        guard await sees(signal, site.url.standardizedFileURL.path + "/" + marker, after: seen) else { return false }
        let ignored = (root ?? site.url).standardizedFileURL.path + "/" + relative
        return !signal.changedPaths.dropFirst(seen).contains { $0 == ignored || $0.hasPrefix(ignored + "/") }
    }

    /// Writes new files into the site until `signal` sees one: a polling watcher has taken its first
    /// look (a file written before that is part of it, not a change).
    static func watching(_ signal: ChangeSignal, _ site: ScratchFolder) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        var attempt = 0
        while ContinuousClock.now < deadline {
            attempt += 1
            let seen = signal.changedPaths.count
            let probe = "data/probe-\(attempt).json"
            try site.write("{}", to: probe)
            let path = site.url.standardizedFileURL.path + "/" + probe
            if await sees(signal, path, after: seen, within: .milliseconds(500)) { return true }
        }
        return false
    }

    #if canImport(Glibc)
        @Test("inotify notices files created, changed and deleted in nested and new folders, and ignores the output")
        func inotifyNoticesChanges() async throws {
            try await withScratchFolder { site in
                try site.write("{}", to: "data/details/1.json")
                try site.write("<p>old</p>", to: "public/index.html")
                try site.write("{}", to: ".cache/entry.json")
                let root = site.url.standardizedFileURL.path
                let paths = WatchedPaths(folders: [root], ignored: [root + "/public", root + "/.cache"])
                let signal = ChangeSignal()
                let watcher = try InotifyWatcher(paths: paths, signal: signal)
                defer { watcher.stop() }
                let nested = site.url.appendingPathComponent("data/details")
                #expect(
                    try await Self.notices(signal, site, "data/details/2.json") {
                        try site.write("{}", to: "data/details/2.json")
                    })
                #expect(
                    try await Self.notices(signal, site, "data/details/1.json") {
                        try Data("{\"a\": 1}".utf8).write(to: nested.appendingPathComponent("1.json"))
                    })
                #expect(
                    try await Self.notices(signal, site, "data/details/2.json") {
                        try FileManager.default.removeItem(at: nested.appendingPathComponent("2.json"))
                    })
                #expect(
                    try await Self.notices(signal, site, "data/new") {
                        try FileManager.default.createDirectory(
                            at: site.url.appendingPathComponent("data/new"), withIntermediateDirectories: true)
                    })
                // The new folder is watched too, and so is a folder made inside it.
                #expect(
                    try await Self.notices(signal, site, "data/new/3.json") {
                        try site.write("{}", to: "data/new/3.json")
                    })
                #expect(
                    try await Self.notices(signal, site, "data/new/deeper") {
                        try FileManager.default.createDirectory(
                            at: site.url.appendingPathComponent("data/new/deeper"), withIntermediateDirectories: true)
                    })
                #expect(
                    try await Self.notices(signal, site, "data/new/deeper/4.json") {
                        try site.write("{}", to: "data/new/deeper/4.json")
                    })
                // A folder moved in from outside is watched with everything in it.
                let elsewhere = try ScratchFolder()
                defer { elsewhere.remove() }
                try elsewhere.write("x", to: "moved/inner/file.txt")
                #expect(
                    try await Self.notices(signal, site, "static") {
                        try FileManager.default.moveItem(
                            at: elsewhere.url.appendingPathComponent("moved"),
                            to: site.url.appendingPathComponent("static"))
                    })
                #expect(
                    try await Self.notices(signal, site, "static/inner/file.txt") {
                        try site.write("y", to: "static/inner/file.txt")
                    })
                // The output, the cache and dot-files are not the site.
                #expect(
                    try await Self.ignores(signal, site, "public") {
                        try site.write("<p>new</p>", to: "public/index.html")
                    })
                #expect(
                    try await Self.ignores(signal, site, "public") {
                        try site.write("<p>new</p>", to: "public/page/2/index.html")
                    })
                #expect(
                    try await Self.ignores(signal, site, ".cache") { try site.write("{}", to: ".cache/other.json") })
                #expect(
                    try await Self.ignores(signal, site, "data/.1.json.swp") {
                        try site.write("swap", to: "data/.1.json.swp")
                    })
                #expect(try await Self.ignores(signal, site, ".git") { try site.write("x", to: ".git/objects/ab/cd") })
                // A folder moved out of the site is no longer watched.
                #expect(
                    try await Self.notices(signal, site, "data/new") {
                        try FileManager.default.moveItem(
                            at: site.url.appendingPathComponent("data/new"),
                            to: elsewhere.url.appendingPathComponent("gone"))
                    })
                #expect(
                    try await Self.ignores(signal, site, "gone", under: elsewhere.url) {
                        try elsewhere.write("z", to: "gone/3.json")
                    })
            }
        }

        @Test("past the watch limit, the watcher says so and polls instead")
        func fallsBackToPolling() async throws {
            try await withScratchFolder { site in
                try site.write("{}", to: "data/details/1.json")
                let root = site.url.standardizedFileURL.path
                let logs = LogCollector()
                let watcher = SiteWatcher(
                    paths: WatchedPaths(folders: [root], ignored: [root + "/public"]), method: .automatic,
                    pollInterval: .milliseconds(50), logger: Logger(label: "test") { _ in logs },
                    inotifyWatchLimit: 2)
                let signal = ChangeSignal()
                let running = Task { await watcher.run(signal: signal) }
                defer { running.cancel() }
                let deadline = ContinuousClock.now + .seconds(5)
                while !logs.text.contains("inotify"), ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(20))
                }
                #expect(logs.text.contains("Cannot watch the site with inotify"))
                #expect(logs.text.contains("limit of 2 inotify watches"))
                #expect(logs.text.contains("Polling"))
                // Once polling has taken its first look, it notices a changed file.
                #expect(try await Self.watching(signal, site))
                #expect(
                    try await Self.notices(signal, site, "data/details/1.json") {
                        try site.write("{\"a\": 22}", to: "data/details/1.json")
                    })
                #expect(try await Self.ignores(signal, site, "public") { try site.write("x", to: "public/index.html") })
            }
        }
    #endif

    @Test("polling notices a changed file and ignores the output and dot-files")
    func pollingNoticesChanges() async throws {
        try await withScratchFolder { site in
            try site.write("{}", to: "data/details/1.json")
            let root = site.url.standardizedFileURL.path
            let watcher = SiteWatcher(
                paths: WatchedPaths(folders: [root], ignored: [root + "/public"]), method: .polling,
                pollInterval: .milliseconds(50), logger: Logger(label: "test"))
            let signal = ChangeSignal()
            let running = Task { await watcher.run(signal: signal) }
            defer { running.cancel() }
            #expect(try await Self.watching(signal, site))
            #expect(
                try await Self.notices(signal, site, "data/new/2.json") { try site.write("{}", to: "data/new/2.json") })
            #expect(try await Self.ignores(signal, site, "public") { try site.write("x", to: "public/index.html") })
            #expect(
                try await Self.ignores(signal, site, "data/.2.json.swp") { try site.write("x", to: "data/.2.json.swp") }
            )
        }
    }

    @Test("the preview rebuilds once for a burst of changes, and not for its own output")
    func previewRebuildsOnce() async throws {
        let site = try SiteFixture.numbered(6)
        defer { site.remove() }
        let reports = ReportLog()
        var options = PreviewOptions()
        options.port = 0
        options.handlesSignals = false
        options.debounce = .milliseconds(200)
        let server = PreviewServer(siteFolder: site.folder, options: options, report: { reports.append($0) })
        let (ready, readyContinuation) = AsyncStream<URL>.makeStream()
        let running = Task { try await server.run { readyContinuation.yield($0) } }
        var iterator = ready.makeAsyncIterator()
        _ = await iterator.next()
        let builds = { reports.all.filter { $0.hasPrefix("Built ") }.count }
        #expect(builds() == 1)
        for index in 1...5 {
            try "{\"description\": \"Burst \(index)\"}".write(
                to: site.folder.appendingPathComponent("data/details/1.json"), atomically: true, encoding: .utf8)
        }
        func waitForBuilds(_ count: Int) async throws {
            let deadline = ContinuousClock.now + .seconds(20)
            while builds() < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        }
        try await waitForBuilds(2)
        #expect(builds() == 2, "\(reports.all)")
        #expect(try site.read("index.html").contains("Burst 5"))
        // A rebuild writes the output; that must not start another one. A watched change after it does,
        // and the preview says what changed before each rebuild: never a file of the output.
        try Data("{}".utf8).write(to: site.folder.appendingPathComponent("data/marker.json"))
        try await waitForBuilds(3)
        running.cancel()
        _ = try? await running.value
        let changes = reports.all.filter { $0.hasPrefix("Changed: ") }
        #expect(builds() == 3, "\(reports.all)")
        #expect(changes.count == 2, "\(reports.all)")
        #expect(changes.first?.contains("data/details/") == true, "\(changes)")
        #expect(changes.last == "Changed: data/marker.json; rebuilding.", "\(changes)")
        #expect(!changes.contains { $0.contains("public") }, "\(changes)")
    }
}
