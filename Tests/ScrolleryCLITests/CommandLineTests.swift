import Foundation
import Hummingbird
import Testing

@testable import ScrolleryTestSites

/// Runs the real `scrollery` executable, as a user would.
@Suite("The scrollery command on the sample site")
struct CommandLineTests {
    /// A copy of the repository's sample site in a temporary folder, without the output or the cache a
    /// build of the repository's copy (`make build`) left there.
    static func sampleSiteCopy() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scrollery-sample-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let site = folder.appendingPathComponent("site")
        try FileManager.default.copyItem(at: ScrolleryCommand.repository.appendingPathComponent("site"), to: site)
        try? FileManager.default.removeItem(at: site.appendingPathComponent("public"))
        try? FileManager.default.removeItem(at: site.appendingPathComponent(".scrollery-cache"))
        return site
    }

    static func sourceItemIDs(in site: URL) throws -> [String] {
        var ids: [String] = []
        var page = 1
        while let data = try? Data(contentsOf: site.appendingPathComponent("data/page-\(page).json")) {
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let items = try #require(object["items"] as? [[String: Any]])
            ids += items.compactMap { $0["id"] as? String }
            page += 1
        }
        return ids
    }

    @Test("scrollery build site: every item exactly once across the listing pages, in order, via rel=next")
    func sampleSiteEveryItemOnce() async throws {
        let site = try Self.sampleSiteCopy()
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let run = try await ScrolleryCommand.run(["build", site.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Built 225 items on 10 pages"))
        #expect(run.stdout.contains("2 details failed"))
        #expect(run.stderr.contains("source page 9: 25 items"))

        let output = site.appendingPathComponent("public")
        var seen: [Int] = []
        var url: String? = "/"
        var visited = 0
        while let next = url, visited < 50 {
            let file = next == "/" ? "index.html" : String(next.dropFirst()) + "index.html"
            let html = try String(contentsOf: output.appendingPathComponent(file), encoding: .utf8)
            seen += positions(in: html)
            url = relLink("next", in: html)
            visited += 1
        }
        #expect(visited == 10)
        #expect(seen == Array(1...225))
        let itemPages = try FileManager.default.contentsOfDirectory(
            atPath: output.appendingPathComponent("items").path)
        #expect(itemPages.count == 225)
        #expect(try Self.sourceItemIDs(in: site).count == 225)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("images/1.svg").path))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("404.html").path))
        #expect(run.stdout.contains("3 images (3 processed, 0 reused, 0 failed)"))
    }

    @Test("the sample's photos: the camera on the item page, the place nowhere, the original without EXIF")
    func samplePhotos() async throws {
        let site = try Self.sampleSiteCopy()
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try await ScrolleryCommand.run(["build", site.path, "--quiet"]).status == 0)
        let output = site.appendingPathComponent("public")
        let page = try String(contentsOf: output.appendingPathComponent("items/9/index.html"), encoding: .utf8)
        #expect(page.contains("FUJIFILM X-T4 · 23mm · f/2 · 1/250 s · ISO 400"))
        #expect(!page.contains("openstreetmap.org"))
        let original = try #require(
            page.range(of: #"/images/[0-9a-f]{32}-original\.jpg(?=" download)"#, options: .regularExpression))
        let bytes = try Data(contentsOf: output.appendingPathComponent(String(page[original].dropFirst())))
        #expect(bytes.count > 10_000 && bytes.range(of: Data("FUJIFILM".utf8)) == nil)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("photos").path))
    }

    @Test("--verbose says the program runs with jemalloc, as it is linked to")
    func allocatorIsJemalloc() async throws {
        let site = try Self.sampleSiteCopy()
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let run = try await ScrolleryCommand.run(["build", site.path, "--verbose"])
        #expect(run.status == 0, "\(run.stderr)")
        let line = run.stdout.split(separator: "\n").first { $0.hasPrefix("Memory allocator: ") }
        // The program's own check of which malloc its calls reach: jemalloc only if the link put it first.
        #expect(line?.hasPrefix("Memory allocator: jemalloc 5.") == true, "\(run.stdout)")
    }

    @Test("two builds of the sample site are byte-identical")
    func sampleSiteDeterministic() async throws {
        let site = try Self.sampleSiteCopy()
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let output = site.appendingPathComponent("public")
        #expect(try await ScrolleryCommand.run(["build", site.path, "--quiet"]).status == 0)
        let first = try SiteFixture.snapshot(of: output)
        let second = try await ScrolleryCommand.run(["build", site.path, "--quiet", "--concurrency", "2"])
        #expect(second.status == 0)
        #expect(second.stdout.isEmpty && second.stderr.isEmpty)
        let again = try SiteFixture.snapshot(of: output)
        #expect(first.count == again.count)
        #expect(first == again)
    }

    @Test("the hostile sample entries render harmless")
    func sampleSiteHostileEntries() async throws {
        let site = try Self.sampleSiteCopy()
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try await ScrolleryCommand.run(["build", site.path, "--quiet"]).status == 0)
        let output = site.appendingPathComponent("public")
        let files = try SiteFixture.snapshot(of: output)
        for (path, data) in files where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            #expect(!html.contains("<script>alert"), "\(path)")
            #expect(!html.lowercased().contains("=\"javascript:"), "\(path)")
            #expect(!html.contains("onerror="), "\(path)")
            #expect(!html.contains("<iframe"), "\(path)")
        }
        #expect(files.keys.allSatisfy { !$0.split(separator: "/").contains("..") })
        #expect(files["items/etc-passwd/index.html"] != nil)
        #expect(files["items/hello-world/index.html"] != nil)
        #expect(files["items/hello-world-2/index.html"] != nil)
    }

    @Test("a bad config exits non-zero with the file, the key and a fix, and writes nothing")
    func badConfig() async throws {
        let site = try Self.sampleSiteCopy()
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let config = site.appendingPathComponent("scrollery.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try text.replacingOccurrences(of: "pageSize: 24", with: "pagesize: 24").write(
            to: config, atomically: true, encoding: .utf8)
        let run = try await ScrolleryCommand.run(["build", site.path])
        #expect(run.status != 0)
        #expect(run.stderr.contains("scrollery.yml:6"))
        #expect(run.stderr.contains("`pagesize`"))
        #expect(run.stderr.contains("Did you mean `pageSize`?"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path))
    }

    @Test("a missing site folder is a clear error")
    func missingSite() async throws {
        let run = try await ScrolleryCommand.run(["build", "/nonexistent/scrollery-site"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("/nonexistent/scrollery-site/scrollery.yml"))
        #expect(run.stderr.contains("scrollery init"))
    }

    @Test("--output and --base-url override the config")
    func overrides() async throws {
        let site = try Self.sampleSiteCopy()
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let output = site.deletingLastPathComponent().appendingPathComponent("elsewhere")
        let run = try await ScrolleryCommand.run([
            "build", site.path, "--output", output.path, "--base-url", "/gallery/", "--max-items", "30",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Built 30 items on 2 pages"))
        let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(relLink("next", in: index) == "/gallery/page/2/")
    }

    /// Runs `scrollery build SITE --verbose` with its messages going to a pipe whose reader is gone before
    /// it starts (as `2>&1 | head` leaves it once `head` has read enough), and waits for its end.
    static func buildWithoutReader(_ site: URL) async throws -> Process {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let process = Process()
        // With SIGPIPE as a shell leaves it: this test process ignores it, which a child would inherit.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "--default-signal=PIPE", try ScrolleryCommand.executable().path, "build", site.path, "--verbose",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(["CI": "true"]) { $1 }
        process.standardOutput = pipe.fileHandleForWriting
        process.standardError = pipe.fileHandleForWriting
        let finished = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in finished.continuation.finish() }
        try process.run()
        try pipe.fileHandleForWriting.close()
        for await _ in finished.stream {}
        return process
    }

    @Test("a reader of its messages that goes away (2>&1 | head) costs the messages, not the build")
    func readerGoneAway() async throws {
        let replica = Replica()
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 300, base: { "" }) }) { base in
            // A remote source: the network is up while the messages are written.
            let site = try RemoteSite(
                config: """
                    pageSize: 24
                    source: { url: "\(base)/v2/list", items: "", paginate: { style: page, sizeParam: limit, size: 100 } }
                    detail: { url: "\(base)/id/{{id}}/info" }
                    item: { id: "{{id}}", title: "{{author}}" }
                    """)
            defer { site.remove() }
            let build = try await Self.buildWithoutReader(site.folder)
            #expect(build.terminationReason == .exit && build.terminationStatus == 0, "\(build.terminationStatus)")
            #expect(
                FileManager.default.fileExists(atPath: site.folder.appendingPathComponent("public/index.html").path))
        }
        // A local site, whose build opens no socket: the same.
        let local = try Self.sampleSiteCopy()
        defer { try? FileManager.default.removeItem(at: local.deletingLastPathComponent()) }
        let build = try await Self.buildWithoutReader(local)
        #expect(build.terminationReason == .exit && build.terminationStatus == 0, "\(build.terminationStatus)")
        #expect(FileManager.default.fileExists(atPath: local.appendingPathComponent("public/index.html").path))
    }
}
