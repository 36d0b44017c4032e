import Foundation
import ScrolleryTestSupport
import Testing

@testable import ScrolleryPublish

/// The deploy's parts that need no server: the output folder in key order, the target's sources, the
/// changed paths and the summary line.
@Suite("Deploy parts")
struct DeployPartsTests {
    @Test("SlowDown halves the requests in flight; successes win them back one at a time, up to the start")
    func inFlightLimitGrowsBack() {
        let limit = InFlightLimit(8)
        #expect(limit.slowDown() == 4)
        #expect(limit.slowDown() == 2)
        for _ in 0..<1 { limit.succeeded() }
        #expect(limit.current == 2, "one success of two is not yet a run")
        limit.succeeded()
        #expect(limit.current == 3)
        for _ in 0..<3 { limit.succeeded() }
        #expect(limit.current == 4)
        for _ in 0..<2 { limit.succeeded() }
        #expect(limit.slowDown() == 2, "a SlowDown restarts the count")
        for _ in 0..<(2 + 3 + 4 + 5 + 6 + 7) { limit.succeeded() }
        #expect(limit.current == 8)
        for _ in 0..<100 { limit.succeeded() }
        #expect(limit.current == 8, "never above --concurrency")
        let one = InFlightLimit(1)
        #expect(one.slowDown() == 1)
        one.succeeded()
        #expect(one.current == 1)
    }

    @Test("the output folder is walked in S3 key order, folders sorting as name/, with sizes and MD5s")
    func keyOrder() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        for path in ["a0", "a/x", "a.txt", "a-b", "b/c/d.html", "b/c.html", "é.txt", "Z"] {
            try scratch.write("abc", to: path)
        }
        try scratch.write("", to: "empty")
        let tree = LocalTree(root: scratch.url.path)
        let files = Array(tree)
        #expect(tree.failure == nil)
        #expect(files.map(\.path) == ["Z", "a-b", "a.txt", "a/x", "a0", "b/c.html", "b/c/d.html", "empty", "é.txt"])
        #expect(files.map(\.path) == files.map(\.path).sorted { S3Key.precedes($0, $1) })
        #expect(files.first?.md5 == "900150983cd24fb0d6963f7d28e17f72")
        #expect(files.first?.size == 3)
        #expect(files.first { $0.path == "empty" }?.md5 == "d41d8cd98f00b204e9800998ecf8427e")
    }

    @Test("a symbolic link stops the walk with an error naming it")
    func symbolicLink() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        try scratch.write("x", to: "a.html")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.url.appendingPathComponent("b.html").path, withDestinationPath: "/etc/passwd")
        let tree = LocalTree(root: scratch.url.path)
        _ = Array(tree)
        #expect(tree.failure?.description.contains("b.html") == true)
    }

    @Test("flags win over the config, the config over the environment; credentials only from the environment")
    func targetSources() throws {
        let environment = [
            "AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "secret", "AWS_REGION": "eu-west-1",
            "AWS_ENDPOINT_URL": "http://127.0.0.1:9000",
        ]
        let fromEnvironment = try DeployTarget.resolve(
            flags: .init(), config: .init(to: "s3://config-bucket/site"), environment: environment, allowHTTP: false)
        #expect(fromEnvironment.location.bucket == "config-bucket")
        #expect(fromEnvironment.endpoint.region == "eu-west-1")
        #expect(fromEnvironment.endpoint.host == "127.0.0.1")
        #expect(fromEnvironment.endpoint.port == 9000)
        let fromFlags = try DeployTarget.resolve(
            flags: .init(to: "s3://flag-bucket", endpoint: "https://r2.example.com", region: "auto"),
            config: .init(to: "s3://config-bucket", region: "us-west-2"), environment: environment,
            allowHTTP: false)
        #expect(fromFlags.location.bucket == "flag-bucket")
        #expect(fromFlags.endpoint.region == "auto")
        #expect(fromFlags.endpoint.host == "r2.example.com")
        let aws = try DeployTarget.resolve(
            flags: .init(to: "s3://b-1"), config: .init(),
            environment: ["AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "secret"], allowHTTP: false)
        #expect(aws.endpoint.isAWS && aws.endpoint.region == "us-east-1")

        #expect(throws: DeploySetupError.self) {
            try DeployTarget.resolve(flags: .init(to: "s3://b-1"), config: .init(), environment: [:], allowHTTP: false)
        }
        #expect(throws: DeploySetupError.self) {
            try DeployTarget.resolve(flags: .init(), config: .init(), environment: environment, allowHTTP: false)
        }
        let plainHTTP = #expect(throws: DeploySetupError.self) {
            try DeployTarget.resolve(
                flags: .init(to: "s3://b-1", endpoint: "http://minio.lan:9000"), config: .init(),
                environment: environment, allowHTTP: false)
        }
        #expect(plainHTTP?.description.contains("--allow-http") == true)
        _ = try DeployTarget.resolve(
            flags: .init(to: "s3://b-1", endpoint: "http://minio.lan:9000"), config: .init(), environment: environment,
            allowHTTP: true)
    }

    @Test("changed paths: each upload and delete once, index.html also as its folder")
    func changedPaths() {
        let uploads = [
            "index.html", "items/a/index.html", "assets/x.js", "items/crème brûlée/index.html", "a#b%c*.txt",
        ]
        .map {
            PlannedUpload(file: LocalFile(path: $0, size: 1, md5: ""), reason: .new)
        }
        let deletes = [PlannedDelete(key: "site/items/b/index.html", path: "items/b/index.html")]
        #expect(
            ChangedPaths.of(uploads: uploads, deletes: deletes) == [
                "/", "/a%23b%25c%2A.txt", "/assets/x.js", "/index.html", "/items/a/", "/items/a/index.html",
                "/items/b/", "/items/b/index.html", "/items/cr%C3%A8me%20br%C3%BBl%C3%A9e/",
                "/items/cr%C3%A8me%20br%C3%BBl%C3%A9e/index.html",
            ])
    }

    @Test("the summary line")
    func summary() throws {
        let summary = DeploySummary(
            location: try S3Location(parsing: "s3://b-1/p"), uploaded: 12, uploadedBytes: 3_565_158, deleted: 2,
            unchanged: 4108, elapsed: .milliseconds(912))
        #expect(
            summary.description == "Deployed to s3://b-1/p: 12 uploaded (3.4 MB), 2 deleted, 4,108 unchanged, 0.9 s.")
        #expect(DeploySummary.count(1_234_567) == "1,234,567")
        #expect(DeploySummary.bytes(512) == "512 B")
    }
}
