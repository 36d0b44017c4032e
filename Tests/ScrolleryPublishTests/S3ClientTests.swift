import ScrolleryCore
import ScrolleryTestSupport
import Synchronization
import Testing

@testable import ScrolleryPublish

/// A transport that answers from a script, one answer per request, and remembers what was sent.
final class ScriptedTransport: S3Transport {
    enum Answer: Sendable {
        case response(S3IncomingResponse)
        case failure(S3TransportFailure)
    }

    private let state: Mutex<(answers: [Answer], sent: [S3OutgoingRequest])>

    init(_ answers: [Answer]) {
        state = Mutex((answers, []))
    }

    var sent: [S3OutgoingRequest] { state.withLock { $0.sent } }

    func send(_ request: S3OutgoingRequest) async throws(S3TransportFailure) -> S3IncomingResponse {
        let answer = state.withLock { state -> Answer in
            state.sent.append(request)
            return state.answers.isEmpty ? .response(S3IncomingResponse(status: 200)) : state.answers.removeFirst()
        }
        switch answer {
        case .response(let response): return response
        case .failure(let failure): throw failure
        }
    }

    static func error(_ status: Int, _ code: String, headers: [String: String] = [:]) -> Answer {
        .response(
            S3IncomingResponse(
                status: status, headers: headers,
                body: Array("<Error><Code>\(code)</Code><Message>it went wrong</Message></Error>".utf8)))
    }
}

/// The S3 client: signing, retries, and the errors that stop a deploy at once.
@Suite("S3 client")
struct S3ClientTests {
    static let secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
    static let token = "SESSION-TOKEN-THAT-MUST-NOT-SHOW"

    static var fastPolicy: S3RetryPolicy {
        var policy = S3RetryPolicy()
        policy.baseDelay = .milliseconds(1)
        policy.maxDelay = .milliseconds(4)
        policy.maxRetryAfter = .milliseconds(5)
        return policy
    }

    static func client(_ transport: ScriptedTransport, policy: S3RetryPolicy = fastPolicy) throws -> S3Client {
        S3Client(
            transport: transport,
            credentials: S3Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: secret, sessionToken: token),
            endpoint: try S3Endpoint(parsing: "http://127.0.0.1:9000", region: "us-east-1"),
            location: try S3Location(parsing: "s3://gallery/site"), policy: policy)
    }

    static let file = LocalFile(path: "index.html", size: 0, md5: "d41d8cd98f00b204e9800998ecf8427e")

    @Test("every request is signed with the access key id, and no header holds the secret")
    func signed() async throws {
        let transport = ScriptedTransport([])
        try await Self.client(transport).put(Self.file, from: "/dev/null", headers: UploadHeaders(path: "index.html"))
        let request = try #require(transport.sent.first)
        #expect(request.method == "PUT")
        #expect(request.url == "http://127.0.0.1:9000/gallery/site/index.html")
        let names = Set(request.headers.map { $0.name.lowercased() })
        #expect(names.isSuperset(of: ["host", "authorization", "x-amz-date", "x-amz-content-sha256", "content-md5"]))
        #expect(!request.headers.contains { $0.value.contains(Self.secret) })
        #expect(request.headers.contains { $0.name == "Authorization" && $0.value.contains("Credential=AKIDEXAMPLE/") })
    }

    @Test("SlowDown is retried, and reported, until it passes")
    func slowDown() async throws {
        let transport = ScriptedTransport([
            ScriptedTransport.error(503, "SlowDown"), ScriptedTransport.error(503, "SlowDown"),
            ScriptedTransport.error(503, "SlowDown", headers: ["retry-after": "0"]),
        ])
        let slowDowns = Atomic(0)
        let client = S3Client(
            transport: transport,
            credentials: S3Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: Self.secret),
            endpoint: try S3Endpoint(parsing: "http://127.0.0.1:9000", region: "us-east-1"),
            location: try S3Location(parsing: "s3://gallery"), policy: Self.fastPolicy,
            onSlowDown: { slowDowns.add(1, ordering: .relaxed) })
        try await client.put(Self.file, from: "/dev/null", headers: UploadHeaders(path: "index.html"))
        #expect(transport.sent.count == 4)
        #expect(slowDowns.load(ordering: .relaxed) == 3)
    }

    @Test("a SlowDown that lasts is retried with the backoff's waits until five minutes have passed")
    func slowDownUntilTheDeadline() async throws {
        let transport = ScriptedTransport(Array(repeating: ScriptedTransport.error(503, "SlowDown"), count: 100))
        let clock = VirtualClock()
        let client = S3Client(
            transport: transport,
            credentials: S3Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: Self.secret),
            endpoint: try S3Endpoint(parsing: "http://127.0.0.1:9000", region: "us-east-1"),
            location: try S3Location(parsing: "s3://gallery"), jitter: JitterSource { 1 }, clock: clock)
        var error: S3ClientError?
        do {
            try await client.put(Self.file, from: "/dev/null", headers: UploadHeaders(path: "index.html"))
        } catch let failure {
            error = failure
        }
        #expect(error?.kind == .gaveUp)
        // The ceiling of each wait (the jitter draws 1): 250 ms doubling up to 20 s, then 20 s until the next
        // wait would end past the 300 s deadline (31.75 s + 13 × 20 s = 291.75 s; one more is 311.75 s).
        let doubling: [Duration] = [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4)]
        let expected = doubling + [.seconds(8), .seconds(16)] + Array(repeating: .seconds(20), count: 13)
        #expect(clock.waits == expected)
        #expect(clock.elapsed == .milliseconds(291_750))
        #expect(transport.sent.count == expected.count + 1)
    }

    @Test("500, 502, 504, resets and timeouts are retried; trouble that lasts gives up after the attempts")
    func transient() async throws {
        let passing = ScriptedTransport([
            ScriptedTransport.error(500, "InternalError"), .response(S3IncomingResponse(status: 502)),
            .response(S3IncomingResponse(status: 504)), .failure(S3TransportFailure(.connection, "reset")),
            .failure(S3TransportFailure(.timeout, "no answer")),
        ])
        try await Self.client(passing).put(Self.file, from: "/dev/null", headers: UploadHeaders(path: "index.html"))
        #expect(passing.sent.count == 6)

        let lasting = ScriptedTransport(Array(repeating: ScriptedTransport.error(500, "InternalError"), count: 20))
        let error = await #expect(throws: S3ClientError.self) {
            try await Self.client(lasting).put(Self.file, from: "/dev/null", headers: UploadHeaders(path: "index.html"))
        }
        #expect(error?.kind == .gaveUp)
        #expect(lasting.sent.count == Self.fastPolicy.maxTransientAttempts)
    }

    @Test("a wrong secret, an unknown key id, 403 and a missing bucket fail at once, naming what to check")
    func failFast() async throws {
        let cases: [(String, Int, S3ClientError.Kind, String)] = [
            ("SignatureDoesNotMatch", 403, .access, "AWS_SECRET_ACCESS_KEY"),
            ("InvalidAccessKeyId", 403, .access, "AWS_ACCESS_KEY_ID"),
            ("AccessDenied", 403, .access, "AKIDEXAMPLE"),
            ("NoSuchBucket", 404, .noSuchBucket, "bucket name"),
        ]
        for (code, status, kind, hint) in cases {
            let transport = ScriptedTransport([ScriptedTransport.error(status, code)])
            let error = await #expect(throws: S3ClientError.self) {
                for try await _ in try Self.client(transport).listing() {}
            }
            #expect(transport.sent.count == 1, "\(code) is not retried")
            #expect(error?.kind == kind)
            let text = error?.description ?? ""
            #expect(text.contains(code) && text.contains(hint), "\(text)")
            #expect(!text.contains(Self.secret) && !text.contains(Self.token))
        }
    }

    @Test("DeleteObjects answers 200 with failed keys: that is an error naming them")
    func deleteFailures() async throws {
        let body = """
            <?xml version="1.0" encoding="UTF-8"?>
            <DeleteResult><Error><Key>site/a.html</Key><Code>AccessDenied</Code><Message>no</Message></Error>\
            </DeleteResult>
            """
        let transport = ScriptedTransport([.response(S3IncomingResponse(status: 200, body: Array(body.utf8)))])
        let batch = try DeleteObjectsBatch(keys: ["site/a.html", "site/b.html"])
        let error = await #expect(throws: S3ClientError.self) { try await Self.client(transport).delete(batch) }
        #expect(error?.description.contains("site/a.html") == true)
        #expect(transport.sent.first?.body == .bytes(batch.body))

        let fine = ScriptedTransport([
            .response(S3IncomingResponse(status: 200, body: Array("<DeleteResult></DeleteResult>".utf8)))
        ])
        try await Self.client(fine).delete(batch)
    }

    @Test("a listing is followed page by page with its continuation tokens")
    func listing() async throws {
        func page(_ keys: [String], next: String?) -> ScriptedTransport.Answer {
            let contents = keys.map { "<Contents><Key>\($0)</Key><Size>1</Size><ETag>\"e\"</ETag></Contents>" }
            let tail =
                next.map { "<IsTruncated>true</IsTruncated><NextContinuationToken>\($0)</NextContinuationToken>" }
                ?? "<IsTruncated>false</IsTruncated>"
            let xml = "<ListBucketResult>\(contents.joined())\(tail)</ListBucketResult>"
            return .response(S3IncomingResponse(status: 200, body: Array(xml.utf8)))
        }
        let transport = ScriptedTransport([page(["site/a"], next: "t1"), page(["site/b"], next: nil)])
        var keys: [String] = []
        for try await object in try Self.client(transport).listing() { keys.append(object.key) }
        #expect(keys == ["site/a", "site/b"])
        #expect(transport.sent.count == 2)
        #expect(transport.sent[1].url.contains("continuation-token=t1"))

        let looping = ScriptedTransport([page(["site/a"], next: "t1"), page(["site/b"], next: "t1")])
        var read: [String] = []
        let error = await #expect(throws: S3ClientError.self) {
            for try await object in try Self.client(looping).listing() { read.append(object.key) }
        }
        #expect(error?.kind == .badResponse)
        #expect(read == ["site/a"], "the repeat stops the listing when the page that shows it arrives")
        #expect(looping.sent.count == 2)
    }

    @Test("the wait doubles with jitter, honours Retry-After, and SlowDown lasts until the deadline")
    func policy() {
        var policy = S3RetryPolicy()
        policy.baseDelay = .milliseconds(100)
        policy.maxDelay = .seconds(10)
        policy.slowDownDeadline = .seconds(300)
        #expect(
            policy.delay(after: .transient, attempt: 1, elapsed: .zero, retryAfter: nil, random: 1)
                == .milliseconds(100))
        #expect(
            policy.delay(after: .transient, attempt: 3, elapsed: .zero, retryAfter: nil, random: 1)
                == .milliseconds(400))
        #expect(policy.delay(after: .transient, attempt: 3, elapsed: .zero, retryAfter: nil, random: 0) == .zero)
        #expect(policy.delay(after: .transient, attempt: 30, elapsed: .zero, retryAfter: nil, random: 1) == nil)
        #expect(
            policy.delay(after: .transient, attempt: 1, elapsed: .zero, retryAfter: .seconds(7), random: 0.5)
                == .seconds(7))
        #expect(
            policy.delay(after: .slowDown, attempt: 40, elapsed: .seconds(200), retryAfter: nil, random: 1)
                == .seconds(10))
        #expect(policy.delay(after: .slowDown, attempt: 40, elapsed: .seconds(295), retryAfter: nil, random: 1) == nil)
    }
}
