import Foundation
import ScrolleryTestSupport
import Synchronization
import Testing

@testable import ScrolleryPublish

/// An in-memory bucket behind the transport interface: answers ListObjectsV2 (in pages of `pageSize` keys),
/// PutObject and DeleteObjects, and records the order of writes and the most requests it saw at once.
final class MemoryBucket: S3Transport {
    static let pageSize = 10

    private struct State {
        var objects: [String: (size: Int64, etag: String)] = [:]
        /// The bytes of objects put from memory (the deploy's manifest).
        var contents: [String: [UInt8]] = [:]
        var writes: [String] = []
        var inFlight = 0
        var mostInFlight = 0
    }

    private let state = Mutex(State())
    let prefix = "/gallery/"

    var writes: [String] { state.withLock { $0.writes } }
    var mostInFlight: Int { state.withLock { $0.mostInFlight } }

    func send(_ request: S3OutgoingRequest) async throws(S3TransportFailure) -> S3IncomingResponse {
        state.withLock {
            $0.inFlight += 1
            $0.mostInFlight = max($0.mostInFlight, $0.inFlight)
        }
        defer { state.withLock { $0.inFlight -= 1 } }
        // Let other uploads start, so that concurrency shows.
        for _ in 0..<20 { await Task.yield() }
        let path = String(request.url.split(separator: "?")[0].dropFirst("http://127.0.0.1:9000".count))
        switch request.method {
        case "GET" where path.count > prefix.count:
            let key = String(path.dropFirst(prefix.count)).removingPercentEncoding ?? ""
            guard let bytes = state.withLock({ $0.contents[key] }) else {
                return S3IncomingResponse(status: 404, body: Array("<Error><Code>NoSuchKey</Code></Error>".utf8))
            }
            return S3IncomingResponse(status: 200, body: bytes)
        case "GET":
            // The continuation token is where the page starts.
            let query = request.url.split(separator: "?").dropFirst().first?.split(separator: "&") ?? []
            let start =
                query.first { $0.hasPrefix("continuation-token=") }
                .flatMap { Int($0.dropFirst("continuation-token=".count)) } ?? 0
            let (contents, more) = state.withLock { state in
                let keys = state.objects.sorted { S3Key.precedes($0.key, $1.key) }
                let page = keys.dropFirst(start).prefix(Self.pageSize).map { key, object in
                    "<Contents><Key>\(key)</Key><Size>\(object.size)</Size><ETag>\"\(object.etag)\"</ETag></Contents>"
                }
                return (page, start + Self.pageSize < keys.count)
            }
            let token = "<NextContinuationToken>\(start + Self.pageSize)</NextContinuationToken>"
            let tail = more ? "<IsTruncated>true</IsTruncated>\(token)" : "<IsTruncated>false</IsTruncated>"
            let xml = "<ListBucketResult>\(contents.joined())\(tail)</ListBucketResult>"
            return S3IncomingResponse(status: 200, body: Array(xml.utf8))
        case "PUT":
            let key = String(path.dropFirst(prefix.count)).removingPercentEncoding ?? ""
            let md5 = request.headers.first { $0.name == "x-amz-meta-md5" }?.value ?? ""
            switch request.body {
            case .file(let file, let size) where FileManager.default.fileExists(atPath: file):
                state.withLock { $0.objects[key] = (size, md5) }
            case .bytes(let bytes):
                state.withLock {
                    $0.objects[key] = (Int64(bytes.count), md5)
                    $0.contents[key] = bytes
                }
            default:
                return S3IncomingResponse(status: 400)
            }
            state.withLock { $0.writes.append("PUT \(key)") }
            return S3IncomingResponse(status: 200)
        case "POST":
            guard case .bytes(let body) = request.body else { return S3IncomingResponse(status: 400) }
            let text = String(decoding: body, as: UTF8.self)
            let keys = text.components(separatedBy: "<Key>").dropFirst().map { $0.components(separatedBy: "</Key>")[0] }
            state.withLock { state in
                for key in keys { state.objects[key] = nil }
                state.writes.append("DELETE \(keys.count)")
            }
            return S3IncomingResponse(status: 200, body: Array("<DeleteResult></DeleteResult>".utf8))
        default:
            return S3IncomingResponse(status: 405)
        }
    }

    func put(_ key: String, size: Int64 = 1, etag: String = "00000000000000000000000000000000") {
        state.withLock { $0.objects[key] = (size, etag) }
    }

    func remove(_ key: String) {
        state.withLock { $0.objects[key] = nil }
    }

    func contents(of key: String) -> [UInt8]? { state.withLock { $0.contents[key] } }
    var keys: Set<String> { state.withLock { Set($0.objects.keys) } }
}

/// The deploy's order and bounds, against an in-memory bucket.
@Suite("Deployer")
struct DeployerTests {
    static func target() throws -> DeployTarget {
        DeployTarget(
            location: try S3Location(parsing: "s3://gallery"),
            endpoint: try S3Endpoint(parsing: "http://127.0.0.1:9000", region: "us-east-1"),
            credentials: S3Credentials(accessKeyID: "AKID", secretAccessKey: "secret"))
    }

    static func site() throws -> ScratchFolder {
        let scratch = try ScratchFolder()
        try scratch.write("m", to: ".scrollery-manifest")
        var paths = ["index.html", "feed.xml", "page/2/index.html", "page/3/index.html", "404.html"]
        paths += (0..<12).map { "items/\($0)/index.html" } + (0..<12).map { "images/\($0).webp" }
        for path in paths { try scratch.write(path, to: path) }
        return scratch
    }

    @Test("groups go in order, each finished before the next, with at most --concurrency in flight; deletes last")
    func order() async throws {
        let scratch = try Self.site()
        defer { scratch.remove() }
        let bucket = MemoryBucket()
        bucket.put("gone.html")
        var options = DeployOptions()
        options.concurrency = 3
        let deployer = Deployer(outputFolder: scratch.url.path, target: try Self.target(), options: options)
        let (plan, summary) = try await deployer.run(transport: bucket)
        #expect(plan.uploads.count == 29 && summary.deleted == 1)
        let writes = bucket.writes
        #expect(writes.suffix(2) == ["DELETE 1", "PUT .scrollery-deploy"], "the manifest last")
        let groups = writes.dropLast(2).map { PublishGroup(path: String($0.dropFirst("PUT ".count))) }
        #expect(groups == groups.sorted(), "\(writes)")
        let listing = writes.filter { $0.hasPrefix("PUT page/") }
        #expect(listing == ["PUT page/3/index.html", "PUT page/2/index.html"])
        #expect(bucket.mostInFlight <= 3)
        #expect(bucket.mostInFlight > 1)

        // Nothing changed: no write.
        let again = try await deployer.run(transport: bucket)
        #expect(again.plan.uploads.isEmpty && again.plan.deletes.isEmpty && bucket.writes.count == writes.count)
    }

    @Test(
        "the next deploy plans from the manifest; one cut short, or a bucket changed by hand with --verify, still ends right"
    )
    func manifest() async throws {
        let scratch = try Self.site()
        defer { scratch.remove() }
        let bucket = MemoryBucket()
        let events = Mutex<[String]>([])
        func deployer(verify: Bool = false) throws -> Deployer {
            var options = DeployOptions()
            options.verify = verify
            return Deployer(outputFolder: scratch.url.path, target: try Self.target(), options: options) { event in
                switch event {
                case .manifestRead(let objects): events.withLock { $0.append("manifest \(objects)") }
                case .listing: events.withLock { $0.append("list") }
                case .listed(let objects): events.withLock { $0.append("listed \(objects)") }
                default: break
                }
            }
        }
        _ = try await deployer().run(transport: bucket)
        let manifest = try #require(bucket.contents(of: ".scrollery-deploy"))
        let lines = String(decoding: manifest, as: UTF8.self).split(separator: "\n")
        #expect(lines.first == "scrollery-deploy 2" && lines.count == 1 + 29, "a line per file, not itself")
        let index = UploadHeaders(path: "index.html").digest
        #expect(
            lines.contains { $0.hasSuffix(" 10 index.html\t\(index)") }, "MD5, size, path, headers: \(lines.prefix(3))")
        #expect(events.withLock { $0 } == ["list", "listed 0"])

        // Planned from the manifest: one GET, no listing.
        try scratch.write("changed", to: "items/3/index.html")
        try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("items/4/index.html"))
        let second = try await deployer().run(transport: bucket)
        #expect(events.withLock { $0.last } == "manifest 29")
        #expect(second.plan.uploads.map(\.file.path) == ["items/3/index.html"])
        #expect(second.plan.deletes.map(\.key) == ["items/4/index.html"])

        // A file removed by hand is not seen from the manifest; --verify lists the bucket and puts it back.
        bucket.remove("items/5/index.html")
        #expect(try await deployer().run(transport: bucket).plan.uploads.isEmpty)
        let verified = try await deployer(verify: true).run(transport: bucket)
        #expect(verified.plan.uploads.map(\.file.path) == ["items/5/index.html"])
        // 27 files and the manifest, listed a page at a time.
        #expect(events.withLock { $0.suffix(4) } == ["list", "listed 10", "listed 20", "listed 28"])

        // A manifest that is not one this version wrote is not trusted: the bucket is listed. One out of
        // order is not either, whole as it may look.
        let client = S3Client(
            transport: bucket, credentials: try Self.target().credentials, endpoint: try Self.target().endpoint,
            location: try Self.target().location)
        let md5 = "0cc175b9c0f1b6a831c399e269772661"
        for bad in ["scrollery-deploy 1\nnot a line\n", "scrollery-deploy 1\n\(md5) 1 b.html\n\(md5) 1 a.html\n"] {
            try await client.put(Array(bad.utf8), path: ".scrollery-deploy")
            let writesBefore = bucket.writes.count
            let listed = try await deployer().run(transport: bucket)
            #expect(events.withLock { $0.suffix(4) } == ["list", "listed 10", "listed 20", "listed 29"])
            #expect(listed.plan.uploads.isEmpty && listed.plan.deletes.isEmpty)
            #expect(bucket.writes.count == writesBefore + 1, "only the manifest is written again")
            #expect(bucket.keys.subtracting([".scrollery-deploy"]).count == 28, "the 28 files left in the folder")
        }
    }

    @Test("too many deletes, a dry run, a folder without a manifest: no write")
    func noWrite() async throws {
        let scratch = try Self.site()
        defer { scratch.remove() }
        let bucket = MemoryBucket()
        for number in 0..<5 { bucket.put("old/\(number).html") }
        var options = DeployOptions()
        options.maxDeletes = 4
        await #expect(throws: DeleteLimitError.self) {
            _ = try await Deployer(outputFolder: scratch.url.path, target: try Self.target(), options: options)
                .run(transport: bucket)
        }
        options.dryRun = true
        let (plan, _) = try await Deployer(outputFolder: scratch.url.path, target: try Self.target(), options: options)
            .run(transport: bucket)
        #expect(plan.deletes.count == 5)
        try FileManager.default.removeItem(at: scratch.url.appendingPathComponent(".scrollery-manifest"))
        await #expect(throws: DeploySetupError.self) {
            _ = try await Deployer(outputFolder: scratch.url.path, target: try Self.target(), options: DeployOptions())
                .run(transport: bucket)
        }
        #expect(bucket.writes.isEmpty)
    }
}
