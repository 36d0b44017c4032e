import Synchronization
import Testing

@testable import ScrolleryPublish

/// A bucket that lists its keys in fixed pages (each page's token is `t` and its number) and answers HEAD
/// with the `md5` metadata, and keeps a line per request, in order: `LIST` and the token, `HEAD` and the key.
final class PagedBucket: S3Transport {
    struct Object {
        let key: String
        let etag: String
    }

    let pages: [[Object]]
    /// The token each page after the first hands out: by default, the next page's.
    let tokens: [String?]
    let md5Metadata: String
    private let log = Mutex<[String]>([])

    init(pages: [[Object]], md5Metadata: String, tokens: [String?]? = nil) {
        self.pages = pages
        self.tokens = tokens ?? pages.indices.map { $0 + 1 < pages.count ? "t\($0 + 1)" : nil }
        self.md5Metadata = md5Metadata
    }

    var requests: [String] { log.withLock { $0 } }

    func send(_ request: S3OutgoingRequest) async throws(S3TransportFailure) -> S3IncomingResponse {
        let parts = request.url.split(separator: "?", maxSplits: 1)
        if request.method == "HEAD" {
            let key = String(parts[0].split(separator: "/").dropFirst(3).joined(separator: "/"))
            log.withLock { $0.append("HEAD \(key)") }
            return S3IncomingResponse(status: 200, headers: ["x-amz-meta-md5": md5Metadata])
        }
        let query = parts.count > 1 ? parts[1].split(separator: "&") : []
        let token = query.first { $0.hasPrefix("continuation-token=") }.map {
            String($0.dropFirst("continuation-token=".count))
        }
        log.withLock { $0.append(["LIST", token].compactMap { $0 }.joined(separator: " ")) }
        let number = token.flatMap { Int($0.dropFirst()) } ?? 0
        let contents = pages[number].map {
            "<Contents><Key>\($0.key)</Key><Size>1</Size><ETag>\"\($0.etag)\"</ETag></Contents>"
        }
        let tail =
            tokens[number].map { "<IsTruncated>true</IsTruncated><NextContinuationToken>\($0)</NextContinuationToken>" }
            ?? "<IsTruncated>false</IsTruncated>"
        let xml = "<ListBucketResult>\(contents.joined())\(tail)</ListBucketResult>"
        return S3IncomingResponse(status: 200, body: Array(xml.utf8))
    }
}

/// The bucket's side of the plan as streams: the listing read a page at a time as the merge goes, and the
/// previous deploy's manifest checked whole, then read a line at a time.
@Suite("Remote streams")
struct RemoteStreamTests {
    static let md5A = "0cc175b9c0f1b6a831c399e269772661"
    static let md5B = "92eb5ffee6ae2fec3ad71c777531578f"

    static func client(_ transport: any S3Transport) throws -> S3Client {
        S3Client(
            transport: transport, credentials: S3Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "secret"),
            endpoint: try S3Endpoint(parsing: "http://127.0.0.1:9000", region: "us-east-1"),
            location: try S3Location(parsing: "s3://gallery/site"))
    }

    static func objects(_ names: String...) -> [PagedBucket.Object] {
        names.map { PagedBucket.Object(key: "site/" + $0, etag: md5A) }
    }

    static func files(_ names: [String]) -> [LocalFile] {
        names.map { LocalFile(path: $0, size: 1, md5: md5A) }
    }

    @Test("a listing asks for its next page only when the one before has been read to its end")
    func listingIsLazy() async throws {
        let bucket = PagedBucket(
            pages: [Self.objects("a1", "a2"), Self.objects("b1"), Self.objects("c1", "c2")], md5Metadata: Self.md5A)
        let pages = Mutex<[Int]>([])
        var listed = try Self.client(bucket).listing { count in pages.withLock { $0.append(count) } }
            .makeAsyncIterator()
        #expect(bucket.requests.isEmpty, "nothing is asked before the first object is wanted")
        var seen: [(key: String, requests: Int)] = []
        while let object = try await listed.next() { seen.append((object.key, bucket.requests.count)) }
        #expect(seen.map(\.key) == ["site/a1", "site/a2", "site/b1", "site/c1", "site/c2"])
        #expect(seen.map(\.requests) == [1, 1, 2, 3, 3])
        #expect(bucket.requests == ["LIST", "LIST t1", "LIST t2"])
        #expect(pages.withLock { $0 } == [2, 3, 5], "the count so far after each page")
        let end = try await listed.next()
        #expect(end == nil && bucket.requests.count == 3, "no request after the last page")
    }

    @Test("the merge reads a listing page by page, a multipart object's metadata when it is reached")
    func mergeReadsPagesAsItGoes() async throws {
        let multipart = PagedBucket.Object(key: "site/b2", etag: "d41d8cd98f00b204e9800998ecf8427e-3")
        let bucket = PagedBucket(
            pages: [
                Self.objects("a1", "a2", "a3"), Self.objects("b1") + [multipart] + Self.objects("b3"),
                Self.objects("c1"),
            ],
            md5Metadata: Self.md5A)
        let remote = ListedRemoteObjects(client: try Self.client(bucket), prefix: "site/")
        var decisions: [(path: String, requests: [String])] = []
        try await PublishPlanner.merge(
            local: Self.files(["a1", "a2", "a3", "b1", "b2", "b3", "c1"]), remote: remote, prefix: "site/"
        ) { decision in
            guard case .unchanged(let file) = decision else {
                Issue.record("\(decision) is not unchanged")
                return
            }
            decisions.append((file.path, bucket.requests))
        }
        let first = ["LIST"]
        let second = first + ["LIST t1"]
        let head = second + ["HEAD site/b2"]
        #expect(decisions.map(\.path) == ["a1", "a2", "a3", "b1", "b2", "b3", "c1"])
        #expect(decisions.map(\.requests) == [first, first, first, second, head, head, head + ["LIST t2"]])
    }

    @Test("a listing whose token repeats stops the plan at the page that shows it")
    func repeatingToken() async throws {
        let bucket = PagedBucket(
            pages: [Self.objects("a"), Self.objects("b"), Self.objects("c")], md5Metadata: Self.md5A,
            tokens: ["t1", "t1", nil])
        let remote = ListedRemoteObjects(client: try Self.client(bucket), prefix: "site/")
        var decided: [PublishPlanner.Decision] = []
        let error = await #expect(throws: S3ClientError.self) {
            try await PublishPlanner.merge(local: Self.files(["a", "b", "c"]), remote: remote, prefix: "site/") {
                decided.append($0)
            }
        }
        #expect(error?.kind == .badResponse && error?.description.contains("came twice") == true)
        #expect(bucket.requests == ["LIST", "LIST t1"])
        #expect(decided.count == 1, "only the first page's object was decided on")
    }

    @Test("a listing out of order across pages is refused at the first key out of order, before the next page")
    func unsortedAcrossPages() async throws {
        let bucket = PagedBucket(
            pages: [Self.objects("a", "m"), Self.objects("b", "z"), Self.objects("zz")], md5Metadata: Self.md5A)
        let remote = ListedRemoteObjects(client: try Self.client(bucket), prefix: "site/")
        let error = await #expect(throws: PlanError.self) {
            try await PublishPlanner.merge(local: [LocalFile](), remote: remote, prefix: "site/") { _ in }
        }
        #expect(error?.description.contains("\"site/b\" came after \"site/m\"") == true, "\(String(describing: error))")
        #expect(bucket.requests == ["LIST", "LIST t1"])
    }

    @Test("a manifest round-trips: each line an object under the prefix, made when it is reached")
    func manifestEntries() throws {
        var manifest = DeployManifest()
        let files = [
            LocalFile(path: "a b.html", size: 12, md5: Self.md5A),
            LocalFile(path: "items/été/index.html", size: 0, md5: Self.md5B),
            LocalFile(path: "z", size: Int64.max, md5: Self.md5A),
        ]
        for file in files { manifest.add(file) }
        manifest.add(LocalFile(path: "zz", size: 1, md5: Self.md5B, headers: "0123456789abcdef"))
        let entries = try #require(ManifestEntries(validating: manifest.bytes, prefix: "site/"))
        #expect(entries.count == 4)
        #expect(
            Array(entries)
                == files.map { RemoteObject(key: "site/" + $0.path, size: $0.size, etag: $0.md5, md5Metadata: $0.md5) }
                + [
                    RemoteObject(
                        key: "site/zz", size: 1, etag: Self.md5B, md5Metadata: Self.md5B, headers: "0123456789abcdef")
                ])
        var iterator = entries.makeIterator()
        #expect(iterator.next()?.key == "site/a b.html")
        let empty = try #require(ManifestEntries(validating: DeployManifest().bytes, prefix: ""))
        #expect(empty.count == 0 && Array(empty).isEmpty)
    }

    @Test("a manifest that is not one this version wrote whole is not read at all")
    func invalidManifests() {
        let line = "\(Self.md5A) 1 a.html\n"
        let header = "scrollery-deploy 1\n"
        let cases: [(String, [UInt8])] = [
            ("no header", Array(line.utf8)),
            ("another version", Array(("scrollery-deploy 3\n" + line).utf8)),
            ("headers in version 1", Array((header + "\(Self.md5A) 1 a.html\t0123456789abcdef\n").utf8)),
            ("a short headers digest", Array(("scrollery-deploy 2\n\(Self.md5A) 1 a.html\t0123\n").utf8)),
            ("headers not hex", Array(("scrollery-deploy 2\n\(Self.md5A) 1 a.html\t0123456789abcdeg\n").utf8)),
            ("cut short", Array((header + line).utf8.dropLast())),
            ("two fields", Array((header + "\(Self.md5A) a.html\n").utf8)),
            ("a short MD5", Array((header + "0cc175b9 1 a.html\n").utf8)),
            ("an MD5 not hex", Array((header + String(repeating: "g", count: 32) + " 1 a.html\n").utf8)),
            ("no size", Array((header + "\(Self.md5A)  a.html\n").utf8)),
            ("a negative size", Array((header + "\(Self.md5A) -1 a.html\n").utf8)),
            ("20 digits", Array((header + "\(Self.md5A) 00000000000000000001 a.html\n").utf8)),
            ("beyond Int64", Array((header + "\(Self.md5A) 9223372036854775808 a.html\n").utf8)),
            ("no path", Array((header + "\(Self.md5A) 1 \n").utf8)),
            ("an empty line", Array((header + line + "\n").utf8)),
            ("a control character", Array((header + "\(Self.md5A) 1 a\u{85}b\n").utf8)),
            ("not UTF-8", Array((header + "\(Self.md5A) 1 a").utf8) + [0xC3, 0x28] + Array(".html\n".utf8)),
            ("an overlong encoding", Array((header + "\(Self.md5A) 1 a").utf8) + [0xC0, 0xAF] + [0x0A]),
            ("out of order", Array((header + "\(Self.md5A) 1 b\n\(Self.md5A) 1 a\n").utf8)),
            ("é before z", Array((header + "\(Self.md5A) 1 é\n\(Self.md5A) 1 z\n").utf8)),
            ("a repeat", Array((header + line + line).utf8)),
        ]
        for (name, bytes) in cases {
            #expect(ManifestEntries(validating: bytes, prefix: "site/") == nil, "\(name)")
        }
        // The largest size, a path with spaces, an uppercase MD5: all read.
        let good = header + "\(Self.md5A.uppercased()) 9223372036854775807 a b c\n\(Self.md5A) 0001 z\n"
        #expect(ManifestEntries(validating: Array(good.utf8), prefix: "")?.count == 2)
    }
}
