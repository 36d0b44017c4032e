import Foundation
import Hummingbird
import Synchronization
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

/// `scrollery init --preset X` then `scrollery build`, the real binary against the replicas.
@Suite("Presets, progress and interruption through the scrollery command")
struct PresetTests {
    static func newFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("scrollery-preset-\(UUID().uuidString)")
    }

    static func itemCount(_ site: URL) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/items").path).count
    }

    @Test("init --preset picsum, then build, against the Lorem Picsum replica")
    func picsum() async throws {
        let replica = Replica()
        let base = Mutex("")
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 130, base: { base.withLock { $0 } }) }) {
            url in
            base.withLock { $0 = url }
            let site = Self.newFolder()
            defer { try? FileManager.default.removeItem(at: site) }
            let created = try await ScrolleryCommand.run(["init", site.path, "--preset", "picsum", "--api-url", url])
            #expect(created.status == 0, "\(created.stderr)")
            let built = try await ScrolleryCommand.run(["build", site.path])
            #expect(built.status == 0, "\(built.stderr)")
            #expect(built.stdout.contains("Built 130 items on 6 pages from 2 source pages"))
            // 2 list pages, 130 details, 130 originals.
            #expect(built.stdout.contains("262 requests (0 retries"), "\(built.stdout)")
            #expect(built.stdout.contains("130 images (") && built.stdout.contains(" 0 failed)"))
            #expect(built.stderr.contains("source page 1: 100 items from \(url)/v2/list?page=1&limit=100"))
            #expect(try Self.itemCount(site) == 130)
            let item = try String(contentsOf: site.appendingPathComponent("public/items/7/index.html"), encoding: .utf8)
            #expect(item.contains("Photo by <strong>Author 7</strong>"))
            // The API's other fields, in the preset's order; the original's address is a link.
            #expect(item.contains("<dt>Photographer</dt><dd>Author 7</dd>"), "\(item)")
            #expect(item.contains(#"<dt>Original</dt><dd><a href=""#))
            // Local variants with the original's true, upright size (stored 300×200, EXIF orientation 6).
            #expect(item.contains("src=\"/images/") && item.contains(#"width="200" height="300""#))
            #expect(!item.contains("\(url)/id/7/"))
        }
    }

    @Test("init --preset github, then build without a token, against the GitHub replica")
    func github() async throws {
        let replica = Replica()
        let base = Mutex("")
        try await replica.run(routes: { GitHubReplica.register(on: $0, count: 120, base: { base.withLock { $0 } }) }) {
            url in
            base.withLock { $0 = url }
            let site = Self.newFolder()
            defer { try? FileManager.default.removeItem(at: site) }
            #expect(
                try await ScrolleryCommand.run(["init", site.path, "--preset", "github", "--api-url", url]).status == 0)
            let built = try await ScrolleryCommand.run(["build", site.path])
            #expect(built.status == 0, "\(built.stderr)")
            #expect(built.stdout.contains("Built 50 items"))
            #expect(built.stdout.contains("0 details failed"))
            #expect(try Self.itemCount(site) == 50)
            let entries = await replica.log.entries
            #expect(entries.allSatisfy { $0.headers["authorization"] == nil })
            let user = try String(
                contentsOf: site.appendingPathComponent("public/items/user1/index.html"), encoding: .utf8)
            #expect(user.contains("User Number 1"))
            #expect(user.contains("<em>things</em>"))
            // Location, company (empty: not shown), blog (empty) and repositories; the card shows the location.
            #expect(user.contains("<dt>Location</dt><dd>Earth</dd>"))
            #expect(user.contains("<dt>Public repos</dt><dd>1</dd>"))
            #expect(!user.contains("<dt>Company</dt>") && !user.contains("<dt>Blog</dt>"))
            let list = try String(contentsOf: site.appendingPathComponent("public/index.html"), encoding: .utf8)
            #expect(list.contains(#"<dl class="fields card-fields">"#))
        }
    }

    @Test("the github preset sends GITHUB_TOKEN as a bearer token, and never shows it")
    func githubToken() async throws {
        let replica = Replica()
        let base = Mutex("")
        let token = "ghp_replicaToken0123456789"
        try await replica.run(routes: {
            GitHubReplica.register(on: $0, count: 30, anonymousLimit: 0, token: token, base: { base.withLock { $0 } })
        }) { url in
            base.withLock { $0 = url }
            let site = Self.newFolder()
            defer { try? FileManager.default.removeItem(at: site) }
            #expect(
                try await ScrolleryCommand.run(["init", site.path, "--preset", "github", "--api-url", url]).status == 0)
            let built = try await ScrolleryCommand.run(
                ["build", site.path, "--verbose"], environment: ["GITHUB_TOKEN": token])
            #expect(built.status == 0, "\(built.stderr)")
            #expect(built.stdout.contains("Built 30 items"))
            #expect(!built.stderr.contains(token) && !built.stdout.contains(token))
            let output = try SiteFixture.snapshot(of: site.appendingPathComponent("public"))
            #expect(output.values.allSatisfy { !String(decoding: $0, as: UTF8.self).contains(token) })
            // The API's requests carry the token; the avatars (another host at GitHub) never get it.
            let entries = await replica.log.entries
            let api = entries.filter { $0.path.hasPrefix("/users") }
            #expect(api.allSatisfy { $0.headers["authorization"] == "Bearer \(token)" })
            #expect(entries.filter { $0.path.hasPrefix("/avatars") }.allSatisfy { $0.headers["authorization"] == nil })
        }
    }

    @Test("without a token, an exhausted GitHub rate limit fails the build with when it resets and how to add a token")
    func githubRateLimited() async throws {
        let replica = Replica()
        let base = Mutex("")
        try await replica.run(routes: {
            GitHubReplica.register(on: $0, count: 30, anonymousLimit: 0, base: { base.withLock { $0 } })
        }) { url in
            base.withLock { $0 = url }
            let site = Self.newFolder()
            defer { try? FileManager.default.removeItem(at: site) }
            #expect(
                try await ScrolleryCommand.run(["init", site.path, "--preset", "github", "--api-url", url]).status == 0)
            let built = try await ScrolleryCommand.run(["build", site.path])
            #expect(built.status != 0)
            #expect(built.stderr.contains("rate limit is used up and resets in"))
            #expect(built.stderr.contains("GITHUB_TOKEN"))
        }
    }

    @Test("init --preset apod, then build: 30-day windows newest first, videos by their thumbnail")
    func apod() async throws {
        let replica = Replica()
        let today = CalendarDay.today().description
        let base = Mutex("")
        try await replica.run(routes: { APODReplica.register(on: $0, today: today, base: { base.withLock { $0 } }) }) {
            url in
            base.withLock { $0 = url }
            let site = Self.newFolder()
            defer { try? FileManager.default.removeItem(at: site) }
            #expect(
                try await ScrolleryCommand.run(["init", site.path, "--preset", "apod", "--api-url", url]).status == 0)
            let built = try await ScrolleryCommand.run(["build", site.path])
            #expect(built.status == 0, "\(built.stderr)")
            #expect(built.stdout.contains("Built 120 items on 5 pages from 4 source pages"))
            #expect(await replica.log.count(pathPrefix: "/planetary/apod") == 4)
            let index = try String(contentsOf: site.appendingPathComponent("public/index.html"), encoding: .utf8)
            #expect(index.contains("card-date\">\(today)<"))
            // APOD gives no sizes: the pictures' own (the thumbnails' too) are on every card.
            #expect(index.contains("srcset=\"/images/") && index.contains(#"width="200" height="300""#))
            #expect(!index.contains("frame--unavailable"))
            // Sections by month: the first card opens its month's section, and the archive lists it.
            let month = String(today.prefix(7))
            #expect(index.contains("class=\"feed-section\"") && index.contains("assets/sections."))
            let archive = try String(
                contentsOf: site.appendingPathComponent("public/sections/index.html"), encoding: .utf8)
            #expect(archive.contains("href=\"/#item-1\""), "\(month)")
            // By month, not another grouping: the first heading names today's month ("November 2026").
            let heading = try #require(SectionKey.of(today, by: .month)?.heading)
            #expect(
                index.contains(
                    #"<h2 class="feed-section-title" id="section-1"><a href="/sections/#section-1">"#
                        + heading + "</a></h2>"))
            // The key is in the URL: the summary and progress show it redacted.
            #expect(!built.stderr.contains("DEMO_KEY") && built.stderr.contains("api_key=***"))
            // The media type on every day's page; the copyright on the days that have one (a quarter).
            let items = site.appendingPathComponent("public/items")
            let pages = try FileManager.default.contentsOfDirectory(atPath: items.path).map {
                try String(contentsOf: items.appendingPathComponent("\($0)/index.html"), encoding: .utf8)
            }
            #expect(pages.count == 120 && pages.allSatisfy { $0.contains("<dt>Media type</dt><dd>") })
            #expect(pages.filter { $0.contains("<dt>Copyright</dt><dd>Photographer ") }.count == 30)
        }
    }

    @Test("init --preset local builds offline; init refuses a folder that already has a site")
    func local() async throws {
        let site = Self.newFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(try await ScrolleryCommand.run(["init", site.path, "--preset", "local"]).status == 0)
        let built = try await ScrolleryCommand.run(["build", site.path])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stdout.contains("Built 48 items on 4 pages from 4 source pages: 0 details failed"))
        let again = try await ScrolleryCommand.run(["init", site.path, "--preset", "picsum"])
        #expect(again.status != 0)
        #expect(again.stderr.contains("already exists"))
    }

    @Test("Ctrl-C stops a build cleanly: exit 130, the previous site untouched, no staging folder left")
    func interrupted() async throws {
        let replica = Replica()
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 400, base: { "" }) }) { url in
            let site = Self.newFolder()
            defer { try? FileManager.default.removeItem(at: site) }
            #expect(
                try await ScrolleryCommand.run(["init", site.path, "--preset", "picsum", "--api-url", url]).status == 0)
            #expect(try await ScrolleryCommand.run(["build", site.path, "--max-items", "10"]).status == 0)
            let before = try SiteFixture.snapshot(of: site.appendingPathComponent("public"))
            await replica.faults.setLatency(.milliseconds(200))
            let details = await replica.log.count(pathPrefix: "/id/")
            let run = try await ScrolleryCommand.run(["build", site.path]) { process in
                // Interrupted in the middle of fetching details.
                await replica.log.wait(until: details + 20, pathPrefix: "/id/")
                process.interrupt()
            }
            #expect(run.status == 130)
            #expect(run.stderr.contains("cancelled"))
            #expect(run.stderr.contains("still holds the previous build"))
            #expect(try SiteFixture.snapshot(of: site.appendingPathComponent("public")) == before)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.path).filter {
                $0.hasPrefix(".public")
            }
            #expect(leftovers.isEmpty)
        }
    }

    @Test(
        "a build killed with SIGKILL at several points leaves the previous site byte-identical and the cache readable")
    func killed() async throws {
        let replica = Replica()
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 400, base: { "" }) }) { url in
            let site = Self.newFolder()
            defer { try? FileManager.default.removeItem(at: site) }
            #expect(
                try await ScrolleryCommand.run(["init", site.path, "--preset", "picsum", "--api-url", url]).status == 0)
            #expect(try await ScrolleryCommand.run(["build", site.path, "--max-items", "30"]).status == 0)
            let output = site.appendingPathComponent("public")
            let before = try SiteFixture.snapshot(of: output)
            await replica.faults.setLatency(.milliseconds(60))
            // Killed as the source is read, as details are fetched, and as pictures are fetched.
            for (path, requests) in [("/v2/list", 1), ("/id/", 40), ("/id/", 300)] {
                let seen = await replica.log.count(pathPrefix: path)
                let run = try await ScrolleryCommand.run(["build", site.path, "--refresh"]) { process in
                    await replica.log.wait(until: seen + requests, pathPrefix: path)
                    kill(process.processIdentifier, SIGKILL)
                }
                let point = "killed after \(requests) requests to \(path)"
                #expect(run.status == SIGKILL, "\(point)")
                #expect(try SiteFixture.snapshot(of: output) == before, "\(point)")
                let cache = site.appendingPathComponent(".scrollery-cache")
                let entries = FileManager.default.enumerator(atPath: cache.path)?.compactMap { $0 as? String } ?? []
                let files = entries.filter {
                    !($0 as NSString).lastPathComponent.hasPrefix(".") && $0 != CacheFolder.tagName
                }.filter {
                    var isFolder: ObjCBool = false
                    return FileManager.default.fileExists(
                        atPath: cache.appendingPathComponent($0).path, isDirectory: &isFolder) && !isFolder.boolValue
                }
                #expect(!files.isEmpty)
                for file in files {
                    let data = try Data(contentsOf: cache.appendingPathComponent(file))
                    #expect(CachedResponse(encoded: data) != nil, "\(file) is not a whole cache entry")
                }
            }
            await replica.faults.setLatency(.zero)
            let finished = try await ScrolleryCommand.run(["build", site.path])
            #expect(finished.status == 0, "\(finished.stderr)")
            #expect(finished.stdout.contains("Built 300 items"))
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.path).filter {
                $0.hasPrefix(".public")
            }
            #expect(leftovers.isEmpty)
            // The killed builds' half-written cache files are gone too.
            let cacheFiles =
                FileManager.default.enumerator(atPath: site.appendingPathComponent(".scrollery-cache").path)?
                .compactMap { $0 as? String } ?? []
            #expect(!cacheFiles.contains { $0.hasSuffix(".tmp") })
        }
    }
}
