import Foundation
import ScrolleryTestSupport
import Synchronization
import Testing

@testable import ScrolleryPublish

/// An in-memory bucket behind the transport interface: answers ListObjectsV2, PutObject and
/// DeleteObjects, and records the order of writes and the most requests it saw at once.
final class MemoryBucket: S3Transport {
    private struct State {
        var objects: [String: (size: Int64, etag: String)] = [:]
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
        case "GET":
            let contents = state.withLock { state in
                state.objects.sorted { S3Key.precedes($0.key, $1.key) }.map { key, object in
                    "<Contents><Key>\(key)</Key><Size>\(object.size)</Size><ETag>\"\(object.etag)\"</ETag></Contents>"
                }
            }
            let xml = "<ListBucketResult>\(contents.joined())<IsTruncated>false</IsTruncated></ListBucketResult>"
            return S3IncomingResponse(status: 200, body: Array(xml.utf8))
        case "PUT":
            let key = String(path.dropFirst(prefix.count)).removingPercentEncoding ?? ""
            let md5 = request.headers.first { $0.name == "x-amz-meta-md5" }?.value ?? ""
            guard case .file(let file, let size) = request.body, FileManager.default.fileExists(atPath: file) else {
                return S3IncomingResponse(status: 400)
            }
            state.withLock {
                $0.objects[key] = (size, md5)
                $0.writes.append("PUT \(key)")
            }
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
        #expect(writes.last == "DELETE 1")
        let groups = writes.dropLast().map { PublishGroup(path: String($0.dropFirst("PUT ".count))) }
        #expect(groups == groups.sorted(), "\(writes)")
        let listing = writes.filter { $0.hasPrefix("PUT page/") }
        #expect(listing == ["PUT page/3/index.html", "PUT page/2/index.html"])
        #expect(bucket.mostInFlight <= 3)
        #expect(bucket.mostInFlight > 1)

        // Nothing changed: no write.
        let again = try await deployer.run(transport: bucket)
        #expect(again.plan.uploads.isEmpty && again.plan.deletes.isEmpty && bucket.writes.count == writes.count)
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
