import Foundation
import Hummingbird
import Logging
import NIOCore
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

/// A build split across CI jobs: `fetch`, `pictures --shard K/N` into separate cache folders, a merge by
/// copying, and `build --offline` give the one-machine build's bytes, with every picture processed once.
@Suite(.serialized) struct PictureShardTests {
    static let photoCount = 200

    // MARK: The shard argument

    @Test(arguments: [
        ("0/4", "from 1 to 4"), ("5/4", "from 1 to 4"), ("1/0", "number of shards must be from 1"),
        ("a/b", "not a shard"), ("", "not a shard"), ("1/2/3", "not a shard"), ("-1/4", "not a shard"),
        ("+1/4", "not a shard"), (" 1/4", "not a shard"), ("1/99999999", "not a shard"),
        ("1/10001", "number of shards must be from 1 to 10000"),
    ])
    func aShardThatIsNotOneIsRefusedSayingWhy(text: String, words: String) {
        #expect(throws: PictureShardError.self) { try PictureShard(parsing: text) }
        do {
            _ = try PictureShard(parsing: text)
        } catch {
            #expect(error.description.contains(words), "\(text): \(error.description)")
        }
    }

    @Test func aShardIsReadAsKOfN() throws {
        let shard = try PictureShard(parsing: "3/16")
        #expect(shard.index == 3 && shard.count == 16 && shard.description == "3/16")
    }

    @Test func everyPictureIsInExactlyOneShardAndTheSplitIsEvenAndStable() {
        let locations = (1...400).map { "https://img.example.com/photos/\($0).jpg" }
        var sizes = [Int](repeating: 0, count: 4)
        for location in locations {
            let owners = (1...4).filter { PictureShard(index: $0, count: 4).contains(original: location) }
            #expect(owners.count == 1)
            sizes[owners[0] - 1] += 1
        }
        for size in sizes { #expect(abs(size - 100) <= 33, "\(sizes)") }
        // The split is a property of the location alone: fixed values, the same on every machine.
        #expect(PictureShard.shard(of: "https://img.example.com/photos/1.jpg", count: 16) == 13)
        #expect(PictureShard.shard(of: "static/images/a.jpg", count: 4) == 1)
    }

    // MARK: End to end

    @Test func fourShardsCopiedTogetherBuildTheOneMachineSiteAndDecodeNothingTwice() async throws {
        let replica = Replica()
        try await replica.run(routes: Self.routes) { host in
            let whole = try Self.makeSite(host: host)
            let split = try Self.makeSite(host: host)
            defer {
                whole.remove()
                split.remove()
            }
            let one = try await whole.build()
            #expect(one.images.processed == Self.photoCount && one.images.failed == 0)

            let shards = try await Self.splitBuild(split, replica: replica)
            #expect(shards.map(\.images.processed).reduce(0, +) == Self.photoCount, "each picture processed once")
            for (index, summary) in zip(1..., shards) {
                #expect(summary.images.failed == 0 && summary.items == Self.photoCount)
                #expect(summary.images.processed + summary.images.otherShards == Self.photoCount)
                // Exactly the pictures the split gives this shard (the URLs hold the replica's port, so how
                // even the split is varies from run to run; evenness is tested on fixed URLs above).
                let mine = (1...Self.photoCount).count {
                    PictureShard.shard(of: "\(host)/photos/\($0).jpg", count: 4) == index
                }
                #expect(summary.images.processed == mine, "\(summary)")
            }
            let requestsBefore = await replica.log.count(pathPrefix: "/")
            let final = try await split.build(options: BuildOptions(cacheMode: .offline))
            #expect(final.images.processed == 0 && final.images.missing == 0)
            #expect(final.images.reused == Self.photoCount)
            #expect(await replica.log.count(pathPrefix: "/") == requestsBefore, "the final build asks for nothing")
            try Self.expectSameFiles(whole.output, split.output)
        }
    }

    @Test func aMissingShardIsProcessedByTheFinalBuildAndCounted() async throws {
        let replica = Replica()
        try await replica.run(routes: Self.routes) { host in
            let whole = try Self.makeSite(host: host)
            let split = try Self.makeSite(host: host)
            defer {
                whole.remove()
                split.remove()
            }
            _ = try await whole.build()
            let shards = try await Self.splitBuild(split, replica: replica, merging: [1, 2, 3])
            let lost = shards[3].images.processed

            // --strict refuses to make up for the lost shard, and publishes nothing (in a copy of the site,
            // as the pictures it processed before failing stay in its cache).
            let strict = RemoteSite(
                split.folder.deletingLastPathComponent().appendingPathComponent(split.folder.lastPathComponent + "-s"))
            try FileManager.default.copyItem(at: split.folder, to: strict.folder)
            defer { strict.remove() }
            do {
                _ = try await strict.build(options: BuildOptions(strict: true, cacheMode: .offline))
                Issue.record("--strict should fail when a shard's pictures are missing")
            } catch let error as BuildError {
                #expect(error.kind == .strict(.init(picturesMissing: lost)))
                #expect(error.message.contains("\(lost) picture(s) were in neither cache"), "\(error)")
            }
            #expect(!FileManager.default.fileExists(atPath: strict.output.path))

            let final = try await split.build(options: BuildOptions(cacheMode: .offline))
            #expect(final.images.processed == lost && final.images.missing == lost)
            #expect(final.images.reused == Self.photoCount - lost && final.images.failed == 0)
            #expect(final.description.contains("\(lost) not in the cache, so fetched"))
            try Self.expectSameFiles(whole.output, split.output)
        }
    }

    @Test func aShardKilledMidWayCostsOnlyItsUnfinishedPictures() async throws {
        let replica = Replica()
        try await replica.run(routes: Self.routes) { host in
            let whole = try Self.makeSite(host: host)
            let split = try Self.makeSite(host: host)
            defer {
                whole.remove()
                split.remove()
            }
            _ = try await whole.build()
            _ = try await Self.run(.fetch, in: split)
            let copy = RemoteSite(
                split.folder.deletingLastPathComponent().appendingPathComponent(split.folder.lastPathComponent + "-k"))
            try FileManager.default.copyItem(at: split.folder, to: copy.folder)
            defer { copy.remove() }
            let records = copy.folder.appendingPathComponent(".scrollery-cache/images/originals")
            // The job is killed as soon as its first picture is recorded: the rest is cut short, some of it
            // half-written.
            let run = try await ChildProcess.run(
                try ScrolleryCommand.executable(), ["pictures", copy.folder.path, "--shard", "1/1", "--quiet"]
            ) { process in
                while process.isRunning,
                    !((try? FileManager.default.contentsOfDirectory(atPath: records.path)) ?? []).contains(where: {
                        $0.hasSuffix(".json")
                    })
                {
                    try? await Task.sleep(for: .milliseconds(10))
                }
                kill(process.processIdentifier, SIGKILL)
            }
            #expect(run.status == SIGKILL, "killed: \(run.status) \(run.stderr)")
            let done = try FileManager.default.contentsOfDirectory(atPath: records.path).filter {
                $0.hasSuffix(".json")
            }
            #expect(done.count >= 1 && done.count < Self.photoCount, "\(done.count) recorded before the kill")
            try Self.mergeFolder(
                copy.folder.appendingPathComponent(".scrollery-cache/images"),
                into: split.folder.appendingPathComponent(".scrollery-cache/images"))
            let final = try await split.build(options: BuildOptions(cacheMode: .offline))
            // What was recorded is used; the rest is fetched again, and processed unless its variants were
            // whole when the job died.
            #expect(final.images.failed == 0 && final.images.missing == Self.photoCount - done.count)
            #expect(final.images.processed + final.images.reused == Self.photoCount)
            #expect(final.images.processed <= final.images.missing && final.images.processed > 0)
            try Self.expectSameFiles(whole.output, split.output)
        }
    }

    @Test func twoShardsWritingIntoOneCacheAtOnceLoseNothing() async throws {
        let replica = Replica()
        try await replica.run(routes: Self.routes) { host in
            let whole = try Self.makeSite(host: host)
            let shared = try Self.makeSite(host: host)
            defer {
                whole.remove()
                shared.remove()
            }
            _ = try await whole.build()
            _ = try await Self.run(.fetch, in: shared)
            async let first = Self.run(.pictures(PictureShard(index: 1, count: 2)), in: shared)
            async let second = Self.run(.pictures(PictureShard(index: 2, count: 2)), in: shared)
            let processed = try await first.images.processed + second.images.processed
            #expect(processed == Self.photoCount)
            let final = try await shared.build(options: BuildOptions(cacheMode: .offline))
            #expect(final.images.processed == 0 && final.images.reused == Self.photoCount)
            try Self.expectSameFiles(whole.output, shared.output)
        }
    }

    @Test func anOnlineBuildRevalidatesARecordedOriginalWithoutDownloadingIt() async throws {
        let replica = Replica()
        try await replica.run(routes: Self.routes) { host in
            let split = try Self.makeSite(host: host, count: 12)
            defer { split.remove() }
            _ = try await Self.splitBuild(split, replica: replica, count: 12)
            // Online, with no original in the HTTP cache: each picture is asked for with its validator, and
            // the replica's 304 lets the recorded variants serve.
            let online = try await split.build()
            #expect(online.images.processed == 0 && online.images.reused == 12)
            let asked = await replica.log.entries.filter { $0.path.hasPrefix("/photos/") }.suffix(12)
            #expect(asked.allSatisfy { $0.headers["if-none-match"] != nil }, "every original revalidated")
            #expect(online.network.bytes < 12 * 1000, "no original downloaded: \(online.network.bytes) bytes")
        }
    }

    @Test func picturesReadTheSourceOnlyFromTheCache() async throws {
        let replica = Replica()
        try await replica.run(routes: Self.routes) { host in
            let site = try Self.makeSite(host: host, count: 4)
            defer { site.remove() }
            do {
                _ = try await Self.run(.pictures(PictureShard(index: 1, count: 2)), in: site)
                Issue.record("pictures without fetch should fail")
            } catch {
                #expect("\(error)".contains("scrollery fetch"), "\(error)")
            }
            #expect(await replica.log.count(pathPrefix: "/") == 0, "no request made")
        }
    }

    // MARK: Helpers

    /// `fetch`; `pictures --shard K/4` in a copy of the site each; the copies' picture caches copied into
    /// the site's (only the shards in `merging`).
    /// - Returns: each shard's summary, in order.
    static func splitBuild(
        _ site: RemoteSite, replica: Replica, count: Int = photoCount, merging: Set<Int> = [1, 2, 3, 4]
    ) async throws -> [CacheStepSummary] {
        let picturesBefore = await replica.log.count(pathPrefix: "/photos/")
        let fetched = try await run(.fetch, in: site)
        #expect(fetched.items == count && fetched.images == ImageCounts())
        #expect(await replica.log.count(pathPrefix: "/photos/") == picturesBefore, "fetch takes no picture")
        var summaries: [CacheStepSummary] = []
        for index in 1...4 {
            let copy = site.folder.deletingLastPathComponent().appendingPathComponent(
                site.folder.lastPathComponent + "-shard-\(index)")
            try FileManager.default.copyItem(at: site.folder, to: copy)
            defer { try? FileManager.default.removeItem(at: copy) }
            summaries.append(try await run(.pictures(PictureShard(index: index, count: 4)), in: RemoteSite(copy)))
            if merging.contains(index) {
                try mergeFolder(
                    copy.appendingPathComponent(".scrollery-cache/images"),
                    into: site.folder.appendingPathComponent(".scrollery-cache/images"))
            }
        }
        return summaries
    }

    static func run(_ step: CacheStep, in site: RemoteSite) async throws -> CacheStepSummary {
        let config = try SiteConfig.load(siteFolder: site.folder)
        var logger = Logger(label: "test")
        logger.logLevel = .error
        return try await SiteBuilder(config: config, logger: logger).run(step)
    }

    /// Copies every file of `source` into `target` that is not there yet, as `download-artifact` with
    /// `merge-multiple` does.
    static func mergeFolder(_ source: URL, into target: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: target, withIntermediateDirectories: true)
        guard let names = manager.enumerator(atPath: source.path) else { return }
        for case let name as String in names {
            var isFolder: ObjCBool = false
            let from = source.appendingPathComponent(name)
            let to = target.appendingPathComponent(name)
            _ = manager.fileExists(atPath: from.path, isDirectory: &isFolder)
            if isFolder.boolValue {
                try manager.createDirectory(at: to, withIntermediateDirectories: true)
            } else if !manager.fileExists(atPath: to.path) {
                try manager.copyItem(at: from, to: to)
            }
        }
    }

    static func expectSameFiles(_ expected: URL, _ actual: URL) throws {
        let one = try SiteFixture.snapshot(of: expected)
        let other = try SiteFixture.snapshot(of: actual)
        #expect(one.count > photoCount / 10)
        #expect(Set(one.keys) == Set(other.keys), "the same files")
        let differing = one.keys.filter { one[$0] != other[$0] }.sorted()
        #expect(differing.isEmpty, "files differ: \(differing.prefix(5))")
    }

    /// A remote source of `count` photos, 20 to a source page, each with a detail and a picture.
    static func makeSite(host: String, count: Int = photoCount) throws -> RemoteSite {
        try RemoteSite(
            config: """
                title: Shards
                pageSize: 25
                source: { url: "\(host)/api/photos?page={{page}}&count=\(count)", items: "", paginate: { style: page, first: 1 } }
                detail: { url: "\(host)/api/photos/{{id}}" }
                item: { id: "{{id}}", title: "{{detail.caption}}", image: "\(host)/photos/{{id}}.jpg" }
                images: { widths: [160, 320], formats: [webp, jpeg] }
                cache: { ttl: 0s }
                """)
    }

    static func routes(_ router: Router<BasicRequestContext>) {
        router.get("/api/photos") { request, _ -> Response in
            let page = max(1, request.uri.queryParameters.get("page", as: Int.self) ?? 1)
            let count = request.uri.queryParameters.get("count", as: Int.self) ?? photoCount
            let ids = Array(((page - 1) * 20 + 1)...(page * 20)).filter { $0 <= count }
            return .bytes(
                Data(("[" + ids.map { #"{"id":"\#($0)"}"# }.joined(separator: ",") + "]").utf8),
                contentType: "application/json")
        }
        router.get("/api/photos/:id") { _, context -> Response in
            let id = context.parameters.get("id") ?? ""
            return .bytes(Data(#"{"caption":"Photo \#(id) — Reykjavík 東京 🌋"}"#.utf8), contentType: "application/json")
        }
        router.get("/photos/:name") { request, context -> Response in
            let number = Int(context.parameters.get("name")?.split(separator: ".").first ?? "") ?? 0
            guard number > 0, let photo = try? photo(number) else { return Response(status: .notFound) }
            let etag = "\"photo-\(number)\""
            if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified) }
            var response = Response.bytes(photo, contentType: "image/jpeg")
            response.headers[.eTag] = etag
            return response
        }
    }

    /// A distinct real photo per number: a fixture JPEG (landscape, or portrait by its EXIF orientation)
    /// with a comment segment that makes its bytes its own.
    static func photo(_ number: Int) throws -> Data {
        let base = try FixtureFiles.image(number % 3 == 0 ? "orientation-6.jpg" : "photo.jpg")
        var bytes = [UInt8](base)
        // After the start marker and any APP segments, so the EXIF block stays where readers expect it.
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, (0xE0...0xEF).contains(bytes[offset + 1]) {
            offset += 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
        }
        let comment = Array("scrollery test photo \(number)".utf8)
        let length = comment.count + 2
        bytes.insert(contentsOf: [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + comment, at: offset)
        return Data(bytes)
    }
}
