import Foundation
import Hummingbird
import ScrolleryTestSupport
import Synchronization
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The HTTP cache, incremental output and safe publishing.
@Suite("Cache, incremental rebuilds and safe publishing")
struct CacheTests {
    static func config(_ base: String, cache: String = "", extra: String = "") -> String {
        RemoteSourceTests.picsumConfig(base, extra: "cache: { \(cache) }\n" + extra, size: 20, limit: 40)
    }

    static func requests(_ replica: Replica) async -> Int { await replica.log.entries.count }

    /// The site's HTTP cache entries, in name order: `ab/<64 hex digits>` under `http/` (not the folders).
    static func entryFiles(of site: RemoteSite) throws -> [URL] {
        let entries = site.folder.appendingPathComponent(".scrollery-cache/http")
        return try FileManager.default.subpathsOfDirectory(atPath: entries.path).filter { $0.count > 3 }.sorted()
            .map { entries.appendingPathComponent($0) }
    }

    @Test("a second build within the TTL makes no request and writes the same site")
    func warmBuildWithinTTL() async throws {
        let replica = Replica()
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 40, base: { "" }) }) { base in
            let site = try RemoteSite(config: Self.config(base, cache: "ttl: 1h"))
            defer { site.remove() }
            let cold = try await site.build()
            #expect(cold.network.requests == 42)  // 2 list pages (the limit is reached) and 40 details
            let first = try SiteFixture.snapshot(of: site.output)
            let seen = await Self.requests(replica)
            let warm = try await site.build()
            #expect(await Self.requests(replica) == seen)
            #expect(warm.network.requests == 0)
            #expect(warm.network.cacheHits == 42)
            #expect(warm.filesChanged == 0)
            #expect(try SiteFixture.snapshot(of: site.output) == first)
        }
    }

    @Test("an entry a power cut left short or garbled is fetched again, and only that one")
    func shortEntryRefetched() async throws {
        let replica = Replica()
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 40, base: { "" }) }) { base in
            let site = try RemoteSite(config: Self.config(base, cache: "ttl: 1h"))
            defer { site.remove() }
            _ = try await site.build()
            let first = try SiteFixture.snapshot(of: site.output)
            let files = try Self.entryFiles(of: site)
            #expect(files.count == 42)
            let cut = files[files.count / 2]
            let garbled = files[files.count / 3]
            let bytes = try [cut, garbled].map { try Data(contentsOf: $0) }
            try bytes[0].dropLast().write(to: cut)
            var zeroed = bytes[1]
            zeroed.replaceSubrange(zeroed.count - 3..<zeroed.count, with: Data(count: 3))
            try zeroed.write(to: garbled)
            let warm = try await site.build()
            #expect(warm.network.requests == 2)
            #expect(warm.network.cacheHits == 40)
            // Stored again whole (with the time of this build).
            for (file, before) in zip([cut, garbled], bytes) {
                let stored = try #require(CachedResponse(encoded: try Data(contentsOf: file)))
                #expect(stored.body == CachedResponse(encoded: before)?.body)
            }
            #expect(try SiteFixture.snapshot(of: site.output) == first)
        }
    }

    @Test("after the TTL every request is conditional, and the replica's 304s are reused")
    func revalidation() async throws {
        let replica = Replica()
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 40, base: { "" }) }) { base in
            let site = try RemoteSite(config: Self.config(base, cache: "ttl: 0"))
            defer { site.remove() }
            _ = try await site.build()
            let first = try SiteFixture.snapshot(of: site.output)
            let before = await replica.log.entries.count
            let warm = try await site.build()
            let second = await replica.log.entries.dropFirst(before)
            #expect(second.count == 42)
            #expect(second.allSatisfy { $0.headers["if-none-match"] != nil })
            #expect(warm.network.notModified == 42)
            #expect(warm.network.bytes == 0)
            #expect(try SiteFixture.snapshot(of: site.output) == first)
        }
    }

    @Test("--offline builds from the cache with the API gone, and fails clearly on a miss")
    func offline() async throws {
        let replica = Replica()
        let site = try await replica.run(routes: { PicsumReplica.register(on: $0, count: 40, base: { "" }) }) { base in
            let site = try RemoteSite(config: Self.config(base, cache: "ttl: 0"))
            _ = try await site.build()
            return site
        }
        defer { site.remove() }
        let first = try SiteFixture.snapshot(of: site.output)
        let offline = try await site.build(options: BuildOptions(cacheMode: .offline))
        #expect(offline.network.requests == 0)
        #expect(try SiteFixture.snapshot(of: site.output) == first)
        // More items than were cached: the next list page is a miss.
        let config = site.folder.appendingPathComponent("scrollery.yml")
        try String(contentsOf: config, encoding: .utf8).replacingOccurrences(of: "limit: 40", with: "limit: 60")
            .replacingOccurrences(of: "size: 20", with: "size: 30")
            .write(to: config, atomically: true, encoding: .utf8)
        do {
            _ = try await site.build(options: BuildOptions(cacheMode: .offline))
            Issue.record("a cache miss with --offline should fail")
        } catch {
            #expect("\(error)".contains("is not in the cache, and this run may only use the cache (--offline"))
            #expect("\(error)".contains("still holds the previous build"))
        }
        #expect(try SiteFixture.snapshot(of: site.output) == first)
    }

    @Test("an offline run ends a source where the online one did, at a page the server said was missing")
    func offlineEndsAtMissingPage() async throws {
        let replica = Replica()
        let site = try await replica.run(routes: { GenericReplica.register(on: $0, count: 5) }) { base in
            let site = try RemoteSite(
                config: """
                    pageSize: 10
                    source:
                      url: \(base)/numbered/{{page}}
                      items: ""
                      paginate: { style: page, first: 1 }
                    item: { id: "{{id}}", title: "{{title}}" }
                    cache: { ttl: 1h }
                    """)
            #expect(try await site.build().items == 20)
            let first = try SiteFixture.snapshot(of: site.output)
            let offline = try await site.build(options: BuildOptions(cacheMode: .offline))
            #expect(offline.items == 20)
            #expect(offline.network.requests == 0)
            #expect(try SiteFixture.snapshot(of: site.output) == first)
            // Online, the missing page is asked for again (it may be there now); the others are fresh.
            let online = try await site.build()
            #expect(online.network.requests == 1)
            #expect(await replica.log.count(pathPrefix: "/numbered/3") == 2)
            return site
        }
        site.remove()
    }

    @Test("a response is cached by its URL's variables' values and the headers sent, not the redacted URL")
    func entriesByValuesAndHeaders() async throws {
        let replica = Replica()
        try await replica.run(routes: { GenericReplica.register(on: $0, count: 5) }) { base in
            let site = try RemoteSite(
                config: """
                    pageSize: 10
                    source:
                      url: \(base)/whose/${GALLERY_USER}
                      items: ""
                      paginate: { style: page, first: 1, sizeParam: limit, size: 10 }
                      headers: { Accept-Language: "${GALLERY_LANGUAGE}", Authorization: "Bearer ${TOKEN}" }
                    item: { id: "{{id}}", title: "{{title}}" }
                    cache: { ttl: 1h }
                    """)
            defer { site.remove() }
            // A new token each build, as a CI run has: credentials do not name an entry.
            let builds = [("alice", "fr", "t1"), ("bobby", "fr", "t2"), ("bobby", "de", "t3"), ("alice", "fr", "t4")]
            for (user, language, token) in builds {
                let environment = ["GALLERY_USER": user, "GALLERY_LANGUAGE": language, "TOKEN": token]
                _ = try await site.build(environment: environment)
                let title = "\(user.uppercased()) in \(language.uppercased()) 1"
                #expect(try site.allOutputText().contains(title), "\(title)")
            }
            // The last build is the first one's again, from the cache.
            #expect(await replica.log.count(pathPrefix: "/whose/") == 3)
        }
    }

    @Test("a 304 Not Modified to a request that was not conditional fails clearly, not as broken JSON")
    func unaskedNotModified() async throws {
        let replica = Replica()
        try await replica.run(routes: { GenericReplica.register(on: $0, count: 5) }) { base in
            let site = try RemoteSite(
                config: """
                    source: { url: "\(base)/not-modified", items: "", paginate: { style: page, first: 1 } }
                    item: { id: "{{id}}", title: "{{title}}" }
                    """)
            defer { site.remove() }
            do {
                _ = try await site.build()
                Issue.record("the build should fail")
            } catch {
                #expect("\(error)".contains("answered 304 Not Modified to a request that was not conditional"))
            }
        }
    }

    @Test("an entry of an older build (no digest) whose JSON was cut short is fetched again")
    func oldEntryCutShort() async throws {
        let replica = Replica()
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 40, base: { "" }) }) { base in
            let site = try RemoteSite(config: Self.config(base, cache: "ttl: 1h"))
            defer { site.remove() }
            _ = try await site.build()
            let first = try SiteFixture.snapshot(of: site.output)
            let files = try Self.entryFiles(of: site)
            let file = files[files.count / 2]
            var entry = try #require(CachedResponse(encoded: try Data(contentsOf: file)))
            // As builds before the digest wrote it: the header without one, then the body, here cut short.
            entry.header.digest = nil
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            var old = try encoder.encode(entry.header)
            #expect(!String(decoding: old, as: UTF8.self).contains("digest"))
            old.append(UInt8(ascii: "\n"))
            old.append(entry.body.dropLast(3))
            try old.write(to: file)
            // Another entry, old and whole: used, and stored again with its digest.
            let wholeFile = files[files.count / 3]
            var other = try #require(CachedResponse(encoded: try Data(contentsOf: wholeFile)))
            other.header.digest = nil
            let whole = try encoder.encode(other.header) + Data("\n".utf8) + other.body
            try whole.write(to: wholeFile)
            let warm = try await site.build()
            #expect(warm.network.requests == 1)
            #expect(warm.network.cacheHits == 41)
            #expect(try SiteFixture.snapshot(of: site.output) == first)
            // Both stored again whole, with their digests.
            for stored in [file, wholeFile] {
                #expect(try #require(CachedResponse(encoded: try Data(contentsOf: stored))).header.digest != nil)
            }
        }
    }

    @Test("when the API is down, stale cache entries are used and the summary says so")
    func staleIfError() async throws {
        let replica = Replica()
        // "Down" is every request answered 503 after the first build. (A stopped replica's port could be
        // taken by another test's server running at the same time.)
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 40, base: { "" }) }) { base in
            let site = try RemoteSite(
                config: Self.config(base, cache: "ttl: 0", extra: "fetch: { retries: 1, backoff: 5ms }"))
            defer { site.remove() }
            _ = try await site.build()
            let first = try SiteFixture.snapshot(of: site.output)
            await replica.faults.add(.status(503), pathPrefix: "/", times: 10_000)
            let summary = try await site.build()
            #expect(summary.network.staleUsed == 42)
            #expect(summary.description.contains("42 stale cache entries used after errors"))
            #expect(try SiteFixture.snapshot(of: site.output) == first)
            // With staleIfError off, the same outage fails the build.
            let config = site.folder.appendingPathComponent("scrollery.yml")
            try String(contentsOf: config, encoding: .utf8).replacingOccurrences(
                of: "cache: { ttl: 0 }", with: "cache: { ttl: 0, staleIfError: false }"
            ).write(to: config, atomically: true, encoding: .utf8)
            await #expect(throws: BuildError.self) { _ = try await site.build() }
        }
    }

    @Test("unchanged output files keep their modification time; changed ones are rewritten")
    func unchangedFilesKeepTheirTime() async throws {
        let site = try SiteFixture.numbered(12)
        defer { site.remove() }
        let first = try await site.build()
        #expect(first.filesChanged == first.files)
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for path in try site.snapshot().keys {
            try FileManager.default.setAttributes(
                [.modificationDate: old], ofItemAtPath: site.output.appendingPathComponent(path).path)
        }
        try Data(#"{"description": "Changed text."}"#.utf8).write(
            to: site.folder.appendingPathComponent("data/details/7.json"))
        let second = try await site.build()
        #expect(second.filesChanged == 3)  // item 7's page, its card's excerpt on page 2, and the feed
        func modified(_ path: String) throws -> Date? {
            try FileManager.default.attributesOfItem(atPath: site.output.appendingPathComponent(path).path)[
                .modificationDate] as? Date
        }
        #expect(try modified("items/3/index.html") == old)
        #expect(try modified("index.html") == old)
        #expect(try modified("sitemap.xml") == old)
        #expect(try modified("items/7/index.html") != old)
        #expect(try site.read("items/7/index.html").contains("Changed text."))
    }

    @Test("a rebuild that changes nothing leaves the output folder as it was: the same folder, no staging left")
    func unchangedBuildLeavesTheOutputAlone() async throws {
        let site = try SiteFixture.numbered(12)
        defer { site.remove() }
        try await site.build()
        let before = try site.snapshot()
        func inode(_ path: String) -> UInt64 {
            var info = stat()
            return stat(path, &info) == 0 ? UInt64(info.st_ino) : 0
        }
        let folder = inode(site.output.path)
        let page = inode(site.output.appendingPathComponent("items/3/index.html").path)
        let warm = try await site.build()
        #expect(warm.filesChanged == 0)
        // A build swapped in would be another folder, with its pages linked from this one.
        #expect(inode(site.output.path) == folder)
        #expect(inode(site.output.appendingPathComponent("items/3/index.html").path) == page)
        #expect(try site.snapshot() == before)
        let parent = site.output.deletingLastPathComponent().path
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).filter { $0.contains(".staging-") } == [])
        // A static file that replaces a generated one is a change, though every page is unchanged.
        let statics = site.folder.appendingPathComponent("static")
        try FileManager.default.createDirectory(at: statics, withIntermediateDirectories: true)
        try "User-agent: *\nDisallow: /\n".write(
            to: statics.appendingPathComponent("robots.txt"), atomically: true, encoding: .utf8)
        let overridden = try await site.build()
        #expect(overridden.filesChanged == 1)
        #expect(try site.read("robots.txt") == "User-agent: *\nDisallow: /\n")
        #expect(try site.snapshot()["items/3/index.html"] == before["items/3/index.html"])
        let again = try await site.build()
        #expect(again.filesChanged == 0)
        #expect(try site.read("robots.txt") == "User-agent: *\nDisallow: /\n")
        // --clean with a file Scrollery did not write replaces the folder, without that file.
        try "stray".write(to: site.output.appendingPathComponent("stray.txt"), atomically: true, encoding: .utf8)
        try await site.build(BuildOptions(clean: true))
        #expect(!site.exists("stray.txt"))
        #expect(try site.read("robots.txt") == "User-agent: *\nDisallow: /\n")
    }

    @Test("a local site whose inputs are those of the last build stops after reading its source pages")
    func unchangedInputsStopEarly() async throws {
        let site = try SiteFixture.numbered(12, extraConfig: "")
        defer { site.remove() }
        let first = try await site.build()
        let config = try site.config()
        let record = InputFingerprint.recordFile(cacheFolder: config.cache.folder, outputFolder: config.outputFolder)
        #expect(InputFingerprint.recorded(at: record)?.summary.items == 12)
        // The record is kept out of the output, which stays free of inode numbers and times.
        #expect(try site.snapshot().keys.allSatisfy { !$0.contains("inputs") })
        func build(_ options: BuildOptions = .init()) async throws -> (BuildSummary, pages: Int) {
            let log = ReportLog()
            let summary = try await SiteBuilder(config: site.config(), options: options) { event in
                if case .page(let number, _, _) = event { log.append("\(number)") }
            }.build()
            return (summary, log.all.count)
        }
        // Nothing changed: no page is enriched or rendered, and the summary is the last build's.
        let (warm, warmPages) = try await build()
        #expect(warmPages == 0)
        #expect(warm.items == first.items && warm.pages == first.pages && warm.files == first.files)
        #expect(warm.filesChanged == 0)
        // A detail's text changes: the build runs and the page shows it.
        try Data(#"{"description": "Edited."}"#.utf8).write(
            to: site.folder.appendingPathComponent("data/details/7.json"))
        let (edited, editedPages) = try await build()
        #expect(editedPages == first.pages)
        #expect(edited.filesChanged == 3)
        #expect(try site.read("items/7/index.html").contains("Edited."))
        #expect(try await build().pages == 0)
        // A source page gains an item: the build runs and has it; then the inputs are the same again.
        let page = site.folder.appendingPathComponent("data/page-2.json")
        var items = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: page)) as? [String: [Any]])[
            "items"]
        items?.append(["id": "13", "title": "Item 13"])
        try JSONSerialization.data(withJSONObject: ["items": items ?? []]).write(to: page)
        try Data(#"{"description": "New."}"#.utf8).write(to: site.folder.appendingPathComponent("data/details/13.json"))
        let (grown, _) = try await build()
        #expect(grown.items == 13)
        #expect(try site.read("items/13/index.html").contains("New."))
        #expect(try await build().pages == 0)
        // A new file in static/ is an input too.
        let statics = site.folder.appendingPathComponent("static")
        try FileManager.default.createDirectory(at: statics, withIntermediateDirectories: true)
        try "hello".write(to: statics.appendingPathComponent("hello.txt"), atomically: true, encoding: .utf8)
        #expect(try await build().pages == first.pages)
        #expect(try site.read("hello.txt") == "hello")
        // So is the theme.
        let templates = site.folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "<p>{{title}}</p>".write(
            to: templates.appendingPathComponent("card.mustache"), atomically: true, encoding: .utf8)
        #expect(try await build().pages == first.pages)
        #expect(try site.read("index.html").contains("<p>Item 1</p>"))
        // A file of the output deleted by hand: the build runs and puts it back.
        #expect(try await build().pages == 0)
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("items/5/index.html"))
        #expect(try await build().pages == first.pages)
        #expect(site.exists("items/5/index.html"))
        // A detail that goes missing is noticed; a build with failed items always runs again, to report them
        // (and --strict fails on them).
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent("data/details/3.json"))
        let (broken, brokenPages) = try await build()
        #expect(brokenPages == first.pages && broken.detailsFailed == 1)
        let (again, againPages) = try await build()
        #expect(againPages == first.pages && again.detailsFailed == 1)
        await #expect(throws: BuildError.self) { _ = try await build(BuildOptions(strict: true)) }
    }

    @Test("a file's identity is the same through its folder as through its path, for any number of folders")
    func fileIdentitiesThroughFolders() throws {
        try withScratchFolderSync { folder in
            var paths: [String] = []
            for index in 0..<20 {
                try folder.write("file \(index)", to: "folder-\(index)/detail.json")
                paths.append(folder.url.appendingPathComponent("folder-\(index)/detail.json").path)
            }
            paths += [folder.url.appendingPathComponent("folder-1/missing.json").path, folder.url.path + "/nowhere/x"]
            let folders = OpenFolders()
            for path in paths + paths {
                #expect(folders.identity(of: path) == FileIdentity.of(path: path), "\(path)")
            }
            #expect(FileIdentity.of(path: paths[0]) != FileIdentity.of(path: paths[1]))
            #expect(folders.identity(of: paths[20]) == .missing)
            // A write changes the identity.
            try folder.write("file 0, edited", to: "folder-0/detail.json")
            #expect(folders.identity(of: paths[0]) == FileIdentity.of(path: paths[0]))
            #expect(folders.identity(of: paths[0]).fields[0] == Int64("file 0, edited".utf8.count))
        }
    }

    @Test("a static file at a page's path replaces the page; once it is removed the page comes back")
    func staticFileReplacesAPage() async throws {
        let site = try SiteFixture.numbered(12)
        defer { site.remove() }
        let first = try await site.build()
        let page = try site.read("items/3/index.html")
        let statics = site.folder.appendingPathComponent("static/items/3")
        try FileManager.default.createDirectory(at: statics, withIntermediateDirectories: true)
        try "static page".write(to: statics.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        let replaced = try await site.build()
        #expect(try site.read("items/3/index.html") == "static page")
        #expect(replaced.files == first.files && replaced.filesChanged == 1)
        #expect(!(try site.read(RenderKeys.fileName)).contains(" items/3/index.html"))
        // Built again with the static file still there: unchanged, still the static file.
        let again = try await site.build(BuildOptions(clean: true))
        #expect(try site.read("items/3/index.html") == "static page")
        #expect(again.files == first.files)
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent("static"))
        try await site.build()
        #expect(try site.read("items/3/index.html") == page)
    }

    @Test("pages of removed items are pruned; files Scrollery did not write stay unless --clean")
    func pruning() async throws {
        let site = try SiteFixture.numbered(12)
        defer { site.remove() }
        try await site.build()
        try "gallery.example.org\n".write(
            to: site.output.appendingPathComponent("CNAME"), atomically: true, encoding: .utf8)
        // Page 2 of the source (items 8–12) disappears.
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent("data/page-2.json"))
        let summary = try await site.build()
        #expect(summary.items == 7)
        #expect(site.exists("items/7/index.html"))
        #expect(!site.exists("items/8/index.html"))
        #expect(!site.exists("page/3/index.html"))
        #expect(try site.read("CNAME") == "gallery.example.org\n")
        let manifest = try site.read(".scrollery-manifest")
        #expect(!manifest.contains("CNAME"))
        #expect(!manifest.contains("items/8/"))
        try await site.build(BuildOptions(clean: true))
        #expect(!site.exists("CNAME"))
    }

    @Test("two builds sharing a cache at the same time both succeed with the same output")
    func concurrentBuildsShareACache() async throws {
        let replica = Replica()
        await replica.faults.setLatency(.milliseconds(5))
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 40, base: { "" }) }) { base in
            let shared = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: shared) }
            let one = try RemoteSite(config: Self.config(base, cache: "dir: \(shared.path), ttl: 0"))
            let two = try RemoteSite(config: Self.config(base, cache: "dir: \(shared.path), ttl: 0"))
            defer {
                one.remove()
                two.remove()
            }
            async let first = one.build()
            async let second = two.build()
            let (a, b) = try await (first, second)
            #expect(a.items == 40 && b.items == 40)
            let left = try SiteFixture.snapshot(of: one.output)
            let right = try SiteFixture.snapshot(of: two.output)
            #expect(left == right)
            // And the cache they wrote is whole: a third build revalidates every entry.
            let third = try await one.build()
            #expect(third.network.notModified == 42)
        }
    }

    @Test("sitemap.xml, feed.xml, robots.txt and 404.html, with absolute URLs under an absolute base URL")
    func filesForStaticHosting() async throws {
        let site = try SiteFixture.numbered(30, pageSize: 10)
        defer { site.remove() }
        try await site.build(overrides: ConfigOverrides(baseURL: "https://example.org/gallery/"))
        let sitemap = try site.read("sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/gallery/</loc>"))
        #expect(sitemap.contains("<loc>https://example.org/gallery/page/3/</loc>"))
        #expect(sitemap.contains("<loc>https://example.org/gallery/items/30/</loc>"))
        #expect(sitemap.components(separatedBy: "<url>").count - 1 == 33)
        let feed = try site.read("feed.xml")
        #expect(feed.components(separatedBy: "<entry>").count - 1 == 20)
        #expect(feed.contains("<id>https://example.org/gallery/items/1/</id>"))
        #expect(feed.contains("&lt;em&gt;item 1&lt;/em&gt;"))
        #expect(try site.read("robots.txt").contains("Sitemap: https://example.org/gallery/sitemap.xml"))
        #expect(site.exists("404.html"))
        for file in ["sitemap.xml", "feed.xml"] {
            let parser = XMLParser(data: Data(try site.read(file).utf8))
            #expect(parser.parse(), "\(file) is not well-formed XML")
        }
    }

    @Test("a page whose inputs did not change is not rendered again; a changed item, theme or config renders it")
    func unchangedPagesAreNotRendered() async throws {
        let site = try SiteFixture.numbered(12)
        defer { site.remove() }
        try await site.build()
        let page = site.output.appendingPathComponent("items/3/index.html")
        // Mark the built file: a build that renders the page again replaces the mark.
        func mark() throws { try "MARKED".write(to: page, atomically: false, encoding: .utf8) }
        try mark()
        let warm = try await site.build()
        #expect(warm.filesChanged == 0)
        #expect(try site.read("items/3/index.html") == "MARKED")
        // Another item's detail changes: item 3's page is still not rendered.
        try Data(#"{"description": "New."}"#.utf8).write(to: site.folder.appendingPathComponent("data/details/9.json"))
        try await site.build()
        #expect(try site.read("items/3/index.html") == "MARKED")
        #expect(try site.read("items/9/index.html").contains("New."))
        // Item 3's own detail changes.
        try Data(#"{"description": "Changed *item 3*."}"#.utf8).write(
            to: site.folder.appendingPathComponent("data/details/3.json"))
        try await site.build()
        let changed = try site.read("items/3/index.html")
        #expect(changed.contains("Changed <em>item 3</em>."))
        // The theme changes.
        try mark()
        let templates = site.folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "body { color: teal }\n".write(
            to: templates.appendingPathComponent("style.css"), atomically: true, encoding: .utf8)
        try await site.build()
        // Rendered again: the same page, with the new stylesheet's fingerprinted name.
        let style = ThemeAssets.fingerprintedName("style.css", data: Data("body { color: teal }\n".utf8))
        let oldStyle = String(assetURL("style.css").dropFirst("/assets/".count))
        #expect(try site.read("items/3/index.html") == changed.replacingOccurrences(of: oldStyle, with: style))
        #expect(changed.contains(oldStyle))
        // The config changes.
        try mark()
        try await site.build(overrides: ConfigOverrides(baseURL: "/gallery/"))
        #expect(try site.read("items/3/index.html").contains("/gallery/"))
    }
}

@Suite("Sitemaps")
struct SitemapTests {
    /// Collects the files a sink is given, and checks that each is started before its lines and finished.
    struct CollectedFiles: TextFileSink {
        var files: [(name: String, text: String)] = []
        var open = false

        mutating func start(_ name: String) throws {
            #expect(!open)
            files.append((name, ""))
            open = true
        }

        mutating func append(_ line: String) throws {
            #expect(open)
            files[files.count - 1].text += line + "\n"
        }

        mutating func finish() throws {
            #expect(open)
            open = false
        }
    }

    @Test("past the limit of URLs per file, sitemap.xml is an index of parts that list every page in order")
    func splitsIntoParts() throws {
        try withScratchFolderSync { folder in
            var files = try WrittenFiles(in: OpenFolder(folder.url.path))
            var expected: [String] = []
            for number in 1...2 {
                try files.addPage(.list(number), changed: true, key: Fingerprint.Digest(high: 0, low: 0))
                expected.append(number == 1 ? "https://example.org/g/" : "https://example.org/g/page/\(number)/")
                for item in 1...4 {
                    try files.addPage(
                        .item(slug: "i\(number)-\(item)"), changed: true, key: Fingerprint.Digest(high: 0, low: 0))
                    expected.append("https://example.org/g/items/i\(number)-\(item)/")
                }
            }
            let base = try #require(BaseURL("https://example.org/g/"))
            let paths = SitePaths(baseURL: base)
            var written = CollectedFiles()
            try SiteMaps(paths: paths, title: "T", urlsPerSitemap: 4).writeSitemaps(
                pages: files.pageNames, into: &written)
            #expect(!written.open)
            #expect(written.files.map(\.name) == ["sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap.xml"])
            func locations(_ text: String) -> [String] {
                text.components(separatedBy: "<loc>").dropFirst().map { String($0.prefix { $0 != "<" }) }
            }
            #expect(written.files.prefix(3).map { locations($0.text).count } == [4, 4, 2])
            #expect(written.files.prefix(3).flatMap { locations($0.text) } == expected)
            #expect(written.files[0].text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset "))
            #expect(written.files[2].text.hasSuffix("</url>\n</urlset>\n"))
            #expect(locations(written.files[3].text) == (1...3).map { "https://example.org/g/sitemap-\($0).xml" })
            #expect(written.files[3].text.contains("<sitemapindex"))
            #expect(written.files[3].text.hasSuffix("</sitemap>\n</sitemapindex>\n"))
            // At the limit exactly, one file.
            var one = CollectedFiles()
            try SiteMaps(paths: paths, title: "T", urlsPerSitemap: 10).writeSitemaps(
                pages: files.pageNames, into: &one)
            #expect(one.files.map(\.name) == ["sitemap.xml"])
            #expect(locations(one.files[0].text) == expected)
        }
    }

    @Test(
        "a page's line is its absolute URL escaped for XML, item slugs of any script and bases with & and ' alike",
        arguments: ["https://example.org/g/", "/", "/a&b/", "https://example.org/it's/"])
    func linesAreEscapedURLs(base: String) throws {
        try withScratchFolderSync { folder in
            var files = try WrittenFiles(in: OpenFolder(folder.url.path))
            let pages: [PageName] =
                [.list(1), .list(2), .group(file: "tag/a&b/index.html")]
                + ["plain", "москва", ".", "..", "a b&c<d>'e\"", "🎉-東京", "%41"].map { .item(slug: $0) }
            for page in pages { try files.addPage(page, changed: true, key: Fingerprint.Digest(high: 0, low: 0)) }
            let paths = SitePaths(baseURL: try #require(BaseURL(base)))
            var written = CollectedFiles()
            try SiteMaps(paths: paths, title: "T").writeSitemaps(pages: files.pageNames, into: &written)
            let lines = Array(try #require(written.files.first).text.split(separator: "\n").dropFirst(2).dropLast())
            let expected = pages.map { page in
                let path: String
                switch page {
                case .list(let number): path = paths.listPageURL(number)
                case .item(let slug): path = paths.itemURL(slug)
                case .group(let file): path = paths.url(ofFile: file)
                }
                return "<url><loc>" + XMLText.escape(paths.baseURL.absolute(path)) + "</loc></url>"
            }
            #expect(lines.map(String.init) == expected)
            let spelledOut: [String: (moscow: String, marks: String)] = [
                "https://example.org/g/": (
                    "<url><loc>https://example.org/g/items/%D0%BC%D0%BE%D1%81%D0%BA%D0%B2%D0%B0/</loc></url>",
                    "<url><loc>https://example.org/g/items/a%20b%26c%3Cd%3E%27e%22/</loc></url>"
                ),
                "/a&b/": (
                    "<url><loc>/a&amp;b/items/%D0%BC%D0%BE%D1%81%D0%BA%D0%B2%D0%B0/</loc></url>",
                    "<url><loc>/a&amp;b/items/a%20b%26c%3Cd%3E%27e%22/</loc></url>"
                ),
            ]
            if let spelled = spelledOut[base] {
                #expect(lines[4] == spelled.moscow)
                #expect(lines[7] == spelled.marks)
            }
            #expect(lines[5].hasSuffix("/items/%2E/</loc></url>") && lines[6].hasSuffix("/items/%2E%2E/</loc></url>"))
        }
    }
}
