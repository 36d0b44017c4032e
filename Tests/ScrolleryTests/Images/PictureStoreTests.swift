import Foundation
import Logging
import Synchronization
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryPublish
@testable import ScrolleryTestSites

/// An in-memory bucket behind the S3 transport: answers ListObjectsV2 (always empty: the probe), GetObject
/// and PutObject under `/pictures/shared/`, remembers the order of writes, and on request answers every
/// request with an error, or stops answering after a number of requests.
final class StoreBucket: S3Transport {
    private struct State {
        var objects: [String: [UInt8]] = [:]
        var writes: [String] = []
        var requests = 0
        /// Every request is answered with this.
        var broken: S3IncomingResponse?
        /// Requests after this many get no answer (a connection refused).
        var diesAfter: Int?
    }

    static let prefix = "/pictures/shared/"
    private let state = Mutex(State())

    var writes: [String] { state.withLock { $0.writes } }
    var requests: Int { state.withLock { $0.requests } }
    var names: Set<String> { state.withLock { Set($0.objects.keys) } }

    func breakWith(_ status: Int, code: String) {
        state.withLock {
            $0.broken = S3IncomingResponse(
                status: status, body: Array("<Error><Code>\(code)</Code><Message>no</Message></Error>".utf8))
        }
    }

    func dieAfter(requests count: Int) { state.withLock { $0.diesAfter = count } }

    func put(_ name: String, _ bytes: [UInt8]) { state.withLock { $0.objects[name] = bytes } }

    func contents(of name: String) -> [UInt8]? { state.withLock { $0.objects[name] } }

    func send(_ request: S3OutgoingRequest) async throws(S3TransportFailure) -> S3IncomingResponse {
        let (broken, dead) = state.withLock { state in
            state.requests += 1
            return (state.broken, state.diesAfter.map { state.requests > $0 } ?? false)
        }
        if dead { throw S3TransportFailure(.connection, "connection refused") }
        if let broken { return broken }
        let path = String(request.url.split(separator: "?")[0].dropFirst("http://127.0.0.1:9000".count))
        guard path.hasPrefix(Self.prefix) else {
            // The listing of the probe.
            return S3IncomingResponse(
                status: 200, body: Array("<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>".utf8))
        }
        let name = String(path.dropFirst(Self.prefix.count)).removingPercentEncoding ?? ""
        switch (request.method, request.body) {
        case ("GET", _):
            guard let bytes = contents(of: name) else {
                return S3IncomingResponse(status: 404, body: Array("<Error><Code>NoSuchKey</Code></Error>".utf8))
            }
            return S3IncomingResponse(status: 200, body: bytes)
        case ("PUT", .bytes(let bytes)):
            state.withLock {
                $0.objects[name] = bytes
                $0.writes.append(name)
            }
            return S3IncomingResponse(status: 200)
        default:
            return S3IncomingResponse(status: 405)
        }
    }
}

/// Pictures shared through a bucket (`images.store`): looked for there before they are made, uploaded once
/// when made, and a store that is broken or dies costs no picture.
@Suite(.serialized) struct PictureStoreTests {
    static let count = 8

    static func store(_ bucket: StoreBucket) throws -> S3PictureStore {
        var policy = S3PictureStore.policy
        policy.baseDelay = .milliseconds(1)
        policy.maxDelay = .milliseconds(4)
        return S3PictureStore(
            target: DeployTarget(
                location: try S3Location(parsing: "s3://pictures/shared"),
                endpoint: try S3Endpoint(parsing: "http://127.0.0.1:9000", region: "us-east-1"),
                credentials: S3Credentials(accessKeyID: "AKIDSTORE", secretAccessKey: "store-secret")),
            transport: bucket, policy: policy)
    }

    static func builder(
        _ site: RemoteSite, bucket: StoreBucket?, options: BuildOptions = .init(), logs: LogCollector = LogCollector()
    ) throws -> SiteBuilder {
        var logger = Logger(label: "test") { _ in logs }
        logger.logLevel = .debug
        var builder = SiteBuilder(
            config: try SiteConfig.load(siteFolder: site.folder), options: options, logger: logger)
        builder.pictureStore = try bucket.map(store)
        return builder
    }

    /// A copy of `site` (as a CI job gets it), removed by the caller.
    static func copy(of site: RemoteSite, _ suffix: String) throws -> RemoteSite {
        let copy = site.folder.deletingLastPathComponent().appendingPathComponent(
            site.folder.lastPathComponent + "-" + suffix)
        try FileManager.default.copyItem(at: site.folder, to: copy)
        return RemoteSite(copy)
    }

    @Test func aShardUploadsEachPictureOnceRecordLastAndTheFinalBuildTakesThemFromTheStore() async throws {
        let replica = Replica()
        try await replica.run(routes: PictureShardTests.routes) { host in
            let whole = try PictureShardTests.makeSite(host: host, count: Self.count)
            let site = try PictureShardTests.makeSite(host: host, count: Self.count)
            defer {
                whole.remove()
                site.remove()
            }
            let one = try await whole.build()
            #expect(one.images.processed == Self.count)
            _ = try await PictureShardTests.run(.fetch, in: site)
            let bucket = StoreBucket()
            let first = try Self.copy(of: site, "first")
            defer { first.remove() }
            let made = try await Self.builder(first, bucket: bucket).run(.pictures(PictureShard(index: 1, count: 1)))
            #expect(made.images.processed == Self.count && made.images.uploaded == Self.count)
            #expect(made.images.fromStore == 0 && made.images.notShared == 0)
            #expect(made.description.contains("0 from the store, \(Self.count) uploaded"), "\(made)")

            // Each picture: its variants, then its record, then its original's record; nothing twice.
            let writes = bucket.writes
            #expect(Set(writes).count == writes.count, "nothing uploaded twice")
            let records = writes.filter { !$0.hasPrefix("originals/") && $0.hasSuffix(".json") }
            #expect(records.count == Self.count)
            for record in records {
                let key = String(record.dropLast(".json".count))
                let position = try #require(writes.firstIndex(of: record))
                let variants = writes.indices.filter { writes[$0].hasPrefix(key + "-") }
                #expect(!variants.isEmpty && variants.allSatisfy { $0 < position }, "variants before \(record)")
            }
            let originals = writes.indices.filter { writes[$0].hasPrefix("originals/") }
            #expect(originals.count == Self.count)
            for index in originals {
                let original = try JSONDecoder().decode(
                    OriginalRecords.Record.self, from: Data(try #require(bucket.contents(of: writes[index]))))
                let record = try #require(writes.firstIndex(of: original.key + ".json"))
                #expect(record < index, "the picture's record before its original's")
            }

            // A second run of the shard, in a fresh copy: everything comes from the store, nothing goes up.
            let second = try Self.copy(of: site, "second")
            defer { second.remove() }
            let photosBefore = await replica.log.count(pathPrefix: "/photos/")
            let again = try await Self.builder(second, bucket: bucket).run(.pictures(PictureShard(index: 1, count: 1)))
            #expect(again.images.processed == 0 && again.images.uploaded == 0)
            #expect(again.images.fromStore == Self.count && again.images.reused == Self.count)
            #expect(bucket.writes == writes, "the second run uploads nothing")
            // Online, each original is revalidated with the validator its record carries, never downloaded.
            #expect(await replica.log.count(pathPrefix: "/photos/") == photosBefore + Self.count)

            // The same run again in the same folder: the cache has everything, the store is not written.
            let third = try await Self.builder(second, bucket: bucket).run(.pictures(PictureShard(index: 1, count: 1)))
            #expect(third.images.processed == 0 && third.images.fromStore == 0 && bucket.writes == writes)

            // The final build, offline with an empty picture cache: nothing decoded, nothing fetched.
            let final = try Self.copy(of: site, "final")
            defer { final.remove() }
            let requestsBefore = await replica.log.count(pathPrefix: "/")
            let built = try await Self.builder(final, bucket: bucket, options: BuildOptions(cacheMode: .offline))
                .build()
            #expect(built.images.processed == 0 && built.images.missing == 0 && built.images.failed == 0)
            #expect(built.images.fromStore == Self.count && built.images.uploaded == 0)
            #expect(await replica.log.count(pathPrefix: "/") == requestsBefore, "the final build asks for nothing")
            #expect(bucket.writes == writes)
            try Self.expectSameFiles(whole.output, final.output)
        }
    }

    @Test func aPictureWhoseBytesTheStoreHasUnderAnotherURLIsNotProcessed() async throws {
        let replica = Replica()
        try await replica.run(routes: PictureShardTests.routes) { host in
            let site = try PictureShardTests.makeSite(host: host, count: 3)
            defer { site.remove() }
            _ = try await PictureShardTests.run(.fetch, in: site)
            let bucket = StoreBucket()
            let first = try Self.copy(of: site, "first")
            defer { first.remove() }
            _ = try await Self.builder(first, bucket: bucket).run(.pictures(PictureShard(index: 1, count: 1)))
            // The store loses its originals' records: the pictures are found by their bytes' key instead.
            let names = bucket.names.filter { $0.hasPrefix("originals/") }
            let pictureWrites = bucket.writes.count - names.count
            for name in names { bucket.put(name, Array("{\"key\":\"../../escape\"}".utf8)) }
            let second = try Self.copy(of: site, "second")
            defer { second.remove() }
            let logs = LogCollector()
            let again = try await Self.builder(second, bucket: bucket, logs: logs)
                .run(.pictures(PictureShard(index: 1, count: 1)))
            #expect(
                again.images.processed == 0 && again.images.fromStore == 3 && again.images.notShared == 0, "\(again)")
            #expect(logs.text.contains("not one Scrollery wrote"))
            #expect(!FileManager.default.fileExists(atPath: second.folder.appendingPathComponent("escape").path))
            // Only the originals' records went up again, not the pictures.
            #expect(bucket.writes.count == pictureWrites + 2 * names.count)
        }
    }

    @Test(arguments: [
        (403, "SignatureDoesNotMatch", "AWS_SECRET_ACCESS_KEY"),
        (404, "NoSuchBucket", "Check the bucket name in images.store"),
    ])
    func aStoreThatRefusesFailsAtTheStartSayingWhatToCheck(status: Int, code: String, words: String) async throws {
        let replica = Replica()
        try await replica.run(routes: PictureShardTests.routes) { host in
            let site = try PictureShardTests.makeSite(host: host, count: 3)
            defer { site.remove() }
            let bucket = StoreBucket()
            bucket.breakWith(status, code: code)
            let builder = try Self.builder(site, bucket: bucket)
            do {
                _ = try await builder.build()
                Issue.record("a build with a broken store should fail")
            } catch let error as BuildError {
                #expect(error.kind == .setup)
                #expect(error.message.contains("images.store") && error.message.contains(words), "\(error.message)")
                #expect(error.message.contains(code))
            }
            #expect(bucket.requests == 1, "one probe, no request per picture")
            #expect(await replica.log.count(pathPrefix: "/") == 0, "nothing fetched")
        }
    }

    @Test func aStoreThatDiesMidRunIsLeftAloneAndEveryPictureIsStillMade() async throws {
        let replica = Replica()
        try await replica.run(routes: PictureShardTests.routes) { host in
            let site = try PictureShardTests.makeSite(host: host, count: Self.count)
            defer { site.remove() }
            _ = try await PictureShardTests.run(.fetch, in: site)
            let bucket = StoreBucket()
            // The probe passes; every later request finds the connection refused.
            bucket.dieAfter(requests: 1)
            let logs = LogCollector()
            let made = try await Self.builder(site, bucket: bucket, logs: logs)
                .run(.pictures(PictureShard(index: 1, count: 1)))
            #expect(made.images.processed == Self.count && made.images.failed == 0)
            #expect(made.images.uploaded == 0 && made.images.notShared == Self.count)
            #expect(made.description.contains("\(Self.count) not shared, the store failed"), "\(made)")
            // The attempts of the requests in flight when the store died (at most one per picture held at
            // once), and none after: far fewer than a request per picture.
            let held = 2 * ImageWorkers(limit: 0).limit
            #expect(bucket.requests <= 1 + held * S3PictureStore.policy.maxTransientAttempts, "\(bucket.requests)")
            #expect(logs.text.components(separatedBy: "is not used for the rest of this run").count == 2, "warned once")
        }
    }

    static func expectSameFiles(_ expected: URL, _ actual: URL) throws {
        let one = try SiteFixture.snapshot(of: expected)
        let other = try SiteFixture.snapshot(of: actual)
        #expect(one.count > count)
        #expect(Set(one.keys) == Set(other.keys), "the same files")
        let differing = one.keys.filter { one[$0] != other[$0] }.sorted()
        #expect(differing.isEmpty, "files differ: \(differing.prefix(5))")
    }
}
