import Testing

@testable import ScrolleryPublish

/// `s3://BUCKET[/PREFIX]` and the endpoint: what is accepted, what is refused and why, and how a key is
/// addressed on AWS and on a custom endpoint.
@Suite("S3 locations and endpoints")
struct S3LocationTests {
    @Test(
        "a location's prefix is empty or ends with /",
        arguments: [
            ("s3://my-gallery", "my-gallery", ""), ("s3://my-gallery/", "my-gallery", ""),
            ("s3://b.example/gallery", "b.example", "gallery/"), ("s3://abc/gallery/", "abc", "gallery/"),
            ("S3://abc/sites/2026", "abc", "sites/2026/"), ("s3://abc/a b/ü+=%", "abc", "a b/ü+=%/"),
        ])
    func parses(text: String, bucket: String, prefix: String) throws {
        let location = try S3Location(parsing: text)
        #expect(location.bucket == bucket)
        #expect(location.prefix == prefix)
        #expect(location.key(for: "index.html") == prefix + "index.html")
    }

    @Test("s3://b/gallery never names a key of gallery-old/ or galleryx")
    func prefixEndsAtSlash() throws {
        let location = try S3Location(parsing: "s3://b-1/gallery")
        #expect(!"gallery-old/index.html".hasPrefix(location.prefix))
        #expect(!"galleryx".hasPrefix(location.prefix))
        #expect("gallery/index.html".hasPrefix(location.prefix))
    }

    @Test(
        "bad locations are refused with what is wrong",
        arguments: [
            ("s3://", "not an S3 location"), ("https://b/x", "not an S3 location"), ("b/x", "not an S3 location"),
            ("s3:///x", "is empty"), ("s3://ab", "3 to 63"), ("s3://" + String(repeating: "a", count: 64), "3 to 63"),
            ("s3://My-Bucket", "lowercase"), ("s3://my_bucket", "lowercase"), ("s3://-bucket", "start and end"),
            ("s3://bucket-", "start and end"), ("s3://a..b", "two dots"), ("s3://a.-b", "dot next to a hyphen"),
            ("s3://192.168.1.10", "IP address"), ("s3://xn--bucket", "reserved"), ("s3://sthree-x", "reserved"),
            ("s3://bucket-s3alias", "reserved"), ("s3://bucket--ol-s3", "reserved"), ("s3://b.mrap", "reserved"),
            ("s3://abc//x", "empty segment"), ("s3://abc/a//b", "empty segment"), ("s3://abc/../x", "\"..\""),
            ("s3://abc/a/./b", "\"..\""), ("s3://abc/a/..", "\"..\""), ("s3://abc/a\u{7}b", "control character"),
            ("s3://abc/a\nb", "control character"), ("s3://abc/" + String(repeating: "p", count: 901), "900 bytes"),
        ])
    func refuses(text: String, problem: String) {
        #expect {
            try S3Location(parsing: text)
        } throws: { error in
            guard let error = error as? S3LocationError else { return false }
            return error.problem.contains(problem) && !error.fix.isEmpty && error.description.contains(text)
        }
    }

    @Test("AWS: virtual-hosted, or path style for a bucket with dots")
    func awsAddressing() throws {
        let aws = try S3Endpoint.aws(region: "eu-west-3")
        let address = aws.address(bucket: "my-gallery", key: "photos/a b.jpg")
        #expect(address.host == "my-gallery.s3.eu-west-3.amazonaws.com")
        #expect(address.path == "/photos/a b.jpg")
        #expect(
            address.url(of: address.request(method: "PUT"))
                == "https://my-gallery.s3.eu-west-3.amazonaws.com/photos/a%20b.jpg")
        let bucket = aws.address(bucket: "my-gallery")
        #expect(bucket.path == "/")
        let list = bucket.request(method: "GET", query: [QueryItem("list-type", "2"), QueryItem("prefix", "a/")])
        #expect(bucket.url(of: list) == "https://my-gallery.s3.eu-west-3.amazonaws.com/?list-type=2&prefix=a%2F")
        let dotted = aws.address(bucket: "www.example.com", key: "index.html")
        #expect(dotted.host == "s3.eu-west-3.amazonaws.com")
        #expect(dotted.path == "/www.example.com/index.html")
    }

    @Test("a custom endpoint: path style, the port kept unless it is the default")
    func customAddressing() throws {
        let r2 = try S3Endpoint(parsing: "https://ACCOUNT.r2.cloudflarestorage.com/", region: "auto")
        #expect(!r2.isAWS)
        let address = r2.address(bucket: "gallery", key: "items/ü/index.html")
        #expect(address.host == "account.r2.cloudflarestorage.com")
        #expect(address.path == "/gallery/items/ü/index.html")
        #expect(
            address.url(of: address.request(method: "GET"))
                == "https://account.r2.cloudflarestorage.com/gallery/items/%C3%BC/index.html")
        #expect(r2.address(bucket: "gallery").path == "/gallery")
        let minio = try S3Endpoint(parsing: "http://127.0.0.1:9000", region: "us-east-1")
        #expect(minio.address(bucket: "b", key: "k").host == "127.0.0.1:9000")
        #expect(try S3Endpoint(parsing: "https://s3.example:443", region: "x").port == nil)
        #expect(try S3Endpoint(parsing: "http://[::1]:9000", region: "x").address(bucket: "b").host == "[::1]:9000")
    }

    @Test(
        "plain http only for loopback or with allowHTTP",
        arguments: [
            ("http://localhost:9000", true), ("http://127.0.0.1", true), ("http://127.255.0.9:80", true),
            ("http://[::1]:9000", true), ("http://128.0.0.1", false), ("http://127.0.0.256", false),
            ("http://localhost.evil.example", false), ("http://minio.lan:9000", false), ("http://10.0.0.5", false),
            ("http://127.1", false),
        ])
    func plainHTTP(endpoint: String, allowed: Bool) throws {
        if allowed {
            #expect(try S3Endpoint(parsing: endpoint, region: "us-east-1").scheme == "http")
        } else {
            #expect {
                try S3Endpoint(parsing: endpoint, region: "us-east-1")
            } throws: { error in
                "\(error)".contains("--allow-http")
            }
            #expect(try S3Endpoint(parsing: endpoint, region: "us-east-1", allowHTTP: true).scheme == "http")
        }
    }

    @Test(
        "bad endpoints are refused",
        arguments: [
            "ftp://s3.example", "s3.example", "https://", "https://s3.example/bucket", "https://s3.example?x=1",
            "https://user:pw@s3.example", "https://s3.example:0", "https://s3.example:65536", "https://s3.example:x",
            "https://s3 example", "https://[::1", "https://[zz]", "https://.example", "https://a..b",
        ])
    func badEndpoints(endpoint: String) {
        #expect(throws: S3LocationError.self) { try S3Endpoint(parsing: endpoint, region: "us-east-1") }
    }

    @Test("a region is a plain name")
    func regions() {
        #expect(throws: S3LocationError.self) { try S3Endpoint.aws(region: "") }
        #expect(throws: S3LocationError.self) { try S3Endpoint.aws(region: "evil.example/x") }
        #expect(throws: S3LocationError.self) { try S3Endpoint(parsing: "https://a.example", region: "US East") }
    }
}
