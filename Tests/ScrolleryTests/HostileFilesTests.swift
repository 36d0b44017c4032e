import Foundation
import Logging
import ScrolleryTestSupport
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

/// A careless config and hostile files: nothing of the user's is deleted, replaced or mixed in, no local
/// file hangs or floods a build, and no number traps.
@Suite("Hostile configs and files", .timeLimit(.minutes(2)))
struct HostileFilesTests {
    /// The config error for `extra` appended to a working config, or `nil` when it loads.
    static func configError(_ extra: String) throws -> ConfigError? {
        let site = try SiteFixture.numbered(3, extraConfig: extra)
        defer { site.remove() }
        do {
            _ = try site.config()
            return nil
        } catch let error as ConfigError {
            return error
        }
    }

    @Test(
        "an output or cache folder that is the site, holds it, overlaps static/templates/data or each other is refused",
        arguments: [
            ("cache: { dir: . }", "`cache.dir` (`"), ("cache: { dir: .. }", "is the site folder or holds it"),
            ("cache: { dir: static }", "overlaps the site's `static/` folder"),
            ("cache: { dir: data/cache }", "overlaps the site's `data/` folder"),
            ("output: static", "overlaps the site's `static/` folder"),
            ("output: templates/out", "overlaps the site's `templates/` folder"),
            ("output: .", "is the site folder or holds it"), ("output: ../..", "is the site folder or holds it"),
            ("output: public\ncache: { dir: public/.cache }", "`output` (`"),
            ("output: out/site\ncache: { dir: out }", "and `cache.dir` (`"),
        ])
    func overlappingFolders(extra: String, message: String) throws {
        let error = try #require(try Self.configError(extra))
        #expect("\(error)".contains(message), "\(error)")
    }

    @Test("the usual folders load")
    func usualFolders() throws {
        #expect(try Self.configError("output: public\ncache: { dir: .scrollery-cache }") == nil)
        #expect(try Self.configError("output: ../published-elsewhere") == nil)
    }

    @Test("clean --cache removes only a folder marked as Scrollery's cache; a build never adopts a folder of yours")
    func cacheIsMarked() async throws {
        let site = try SiteFixture.numbered(3, extraConfig: "cache: { dir: mine }")
        defer { site.remove() }
        let mine = site.folder.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: mine.appendingPathComponent("thesis.txt"))
        await #expect(throws: BuildError.self) { try await site.build() }
        do {
            try await site.build()
        } catch {
            #expect("\(error)".contains("holds files that are not Scrollery's (thesis.txt)"))
            #expect("\(error)".contains("Nothing was published to"))
            #expect(!"\(error)".contains("still holds the previous build"))
        }
        #expect(throws: (any Error).self) { try SiteCleaner.removeCache(of: try site.config()) }
        #expect(try String(contentsOf: mine.appendingPathComponent("thesis.txt"), encoding: .utf8) == "precious")
        #expect(!site.exists("index.html"))

        // A folder it made itself is marked, and `clean` removes it.
        try FileManager.default.removeItem(at: mine)
        try await site.build()
        #expect(CacheFolder.isMarked(mine))
        let tag = try String(contentsOf: mine.appendingPathComponent("CACHEDIR.TAG"), encoding: .utf8)
        #expect(tag.hasPrefix("Signature: 8a477f597d28d172789f06886806bc55\n"))
        #expect(try SiteCleaner.removeCache(of: try site.config()).hasPrefix("Removed the cache"))
        #expect(!FileManager.default.fileExists(atPath: mine.path))
    }

    @Test("a cache written before caches were marked is adopted and marked by the next build")
    func oldCacheIsAdopted() async throws {
        let site = try SiteFixture.numbered(3)
        defer { site.remove() }
        let cache = site.folder.appendingPathComponent(".scrollery-cache")
        try FileManager.default.createDirectory(
            at: cache.appendingPathComponent("http/ab"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: cache.appendingPathComponent("inputs-0123.txt"))
        try await site.build()
        #expect(CacheFolder.isMarked(cache))
    }

    @Test("an output folder that is a symbolic link is published through, and stays a link")
    func outputSymlink() async throws {
        try await withScratchFolder { scratch in
            let site = try SiteFixture.numbered(6)
            defer { site.remove() }
            let www = scratch.url.appendingPathComponent("www/gallery")
            try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: site.output, withDestinationURL: www)
            try await site.build()
            for _ in 0..<2 {
                let kind =
                    try FileManager.default.attributesOfItem(atPath: site.output.path)[.type] as? FileAttributeType
                #expect(kind == .typeSymbolicLink)
                #expect(FileManager.default.fileExists(atPath: www.appendingPathComponent("index.html").path))
                try "{\"description\": \"Changed.\"}".write(
                    to: site.folder.appendingPathComponent("data/details/1.json"), atomically: true, encoding: .utf8)
                try await site.build()
            }
            #expect(
                try String(contentsOf: www.appendingPathComponent("items/1/index.html"), encoding: .utf8)
                    .contains("Changed."))
            // Nothing is left beside the link or the target.
            #expect(scratch.allPaths().filter { $0.contains("staging") }.isEmpty)

            try FileManager.default.removeItem(at: site.output)
            try FileManager.default.createSymbolicLink(
                at: site.output, withDestinationURL: scratch.url.appendingPathComponent("missing"))
            do {
                try await site.build()
                Issue.record("a dangling output link should fail")
            } catch {
                #expect("\(error)".contains("which does not exist"))
            }
        }
    }

    @Test("config numbers too large for 64 bits are refused with the key and the largest value allowed")
    func hugeConfigNumbers() throws {
        for (extra, key, largest) in [
            ("cache: { ttl: 1e30s }", "cache.ttl", "3650d"), ("fetch: { timeout: 1e300 }", "fetch.timeout", "3650d"),
            ("fetch: { maxWait: 99999999999999999999d }", "fetch.maxWait", "3650d"),
            ("fetch: { maxBodySize: 1e15GB }", "fetch.maxBodySize", "4GB"),
            ("fetch: { maxBodySize: 99999999999999999999999 }", "fetch.maxBodySize", "4GB"),
        ] {
            let error = try #require(try Self.configError(extra), "\(extra)")
            #expect(error.key == key)
            #expect("\(error)".contains(largest), "\(error)")
        }
        #expect(try Self.configError("fetch: { timeout: nan }")?.key == "fetch.timeout")
        #expect(try Self.configError("cache: { ttl: 3650d }\nfetch: { maxBodySize: 4GB }") == nil)
    }

    @Test("a FIFO, a device or a folder as a detail file is refused without being opened for reading")
    func notRegularFiles() async throws {
        let site = try SiteFixture.numbered(4)
        defer { site.remove() }
        let details = site.folder.appendingPathComponent("data/details")
        try FileManager.default.removeItem(at: details.appendingPathComponent("1.json"))
        #expect(mkfifo(details.appendingPathComponent("1.json").path, 0o644) == 0)
        try FileManager.default.removeItem(at: details.appendingPathComponent("2.json"))
        try FileManager.default.createSymbolicLink(
            atPath: details.appendingPathComponent("2.json").path, withDestinationPath: "/dev/zero")
        try FileManager.default.removeItem(at: details.appendingPathComponent("3.json"))
        try FileManager.default.createDirectory(
            at: details.appendingPathComponent("3.json"), withIntermediateDirectories: false)
        let started = ContinuousClock.now
        let summary = try await site.build()
        // Far below reading /dev/zero to the body limit; room for a loaded 2-core machine (24 s seen).
        #expect(ContinuousClock.now - started < .seconds(60))
        #expect(summary.detailsFailed == 3)
        let page = try site.read("index.html")
        #expect(page.contains("is a FIFO (named pipe), not a regular file"))
        #expect(page.contains("is a device, not a regular file"))
        #expect(page.contains("is a folder, not a regular file"))
    }

    @Test("fetch.maxBodySize applies to local files, from their size, before they are read")
    func largeLocalFile() async throws {
        let site = try SiteFixture.numbered(3, extraConfig: "fetch: { maxBodySize: 64KB }")
        defer { site.remove() }
        let big = "{\"description\": \"" + String(repeating: "x", count: 100_000) + "\"}"
        try big.write(
            to: site.folder.appendingPathComponent("data/details/2.json"), atomically: true, encoding: .utf8)
        let summary = try await site.build()
        #expect(summary.detailsFailed == 1)
        #expect(try site.read("index.html").contains("is larger than fetch.maxBodySize (65536 bytes)"))
        // The source page itself, too: the build fails and says why.
        let page = String(repeating: " ", count: 70_000) + "{\"items\": []}"
        try page.write(to: site.folder.appendingPathComponent("data/page-1.json"), atomically: true, encoding: .utf8)
        do {
            try await site.build()
            Issue.record("a source page over maxBodySize should fail the build")
        } catch {
            #expect("\(error)".contains("larger than fetch.maxBodySize"))
            #expect("\(error)".contains("still holds the previous build"))
        }
    }

    @Test("a YAML error shows at most 120 characters of its line, around the column")
    func longYAMLLine() throws {
        let line = "title: " + String(repeating: "a", count: 200_000) + ": b: ["
        let error = try #require(try Self.configError(line))
        #expect("\(error)".count < 600, "\("\(error)".prefix(800))")
        #expect("\(error)".contains("is not valid YAML"))
        #expect(error.line != nil)
    }
}
