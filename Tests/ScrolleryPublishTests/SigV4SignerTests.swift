import ScrolleryCore
import ScrolleryIO
import Testing

@testable import ScrolleryPublish

/// The signer against the worked examples AWS publishes for S3 ("Signature Calculations for the
/// Authorization Header: Transferring Payload in a Single Chunk"), and against botocore on keys and
/// queries that need encoding.
@Suite("SigV4 signer")
struct SigV4SignerTests {
    static let example = SigV4Signer(
        credentials: S3Credentials(
            accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1")
    /// 20130524T000000Z.
    static let exampleTime = SigningTime(secondsSince1970: 1_369_353_600)
    static let host = "examplebucket.s3.amazonaws.com"
    static let emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    // The expected canonical requests and signatures below are AWS's published example values: the GET
    // Object canonical request, its hash (7344ae5b…) and signature as printed on the page; the signatures of
    // the other three as the page gives them (quoted identically by independent implementations' test
    // suites). Each was also recomputed from the canonical request with Python's hashlib and hmac.

    @Test("GET Object with a range")
    func getObject() {
        let request = SigV4Request(
            method: "GET", host: Self.host, path: "/test.txt", headers: [HTTPHeader("Range", "bytes=0-9")])
        let signed = Self.example.sign(request, payload: .empty, at: Self.exampleTime)
        #expect(
            signed.canonicalRequest
                == """
                GET
                /test.txt

                host:examplebucket.s3.amazonaws.com
                range:bytes=0-9
                x-amz-content-sha256:\(Self.emptyHash)
                x-amz-date:20130524T000000Z

                host;range;x-amz-content-sha256;x-amz-date
                \(Self.emptyHash)
                """)
        #expect(
            signed.stringToSign
                == """
                AWS4-HMAC-SHA256
                20130524T000000Z
                20130524/us-east-1/s3/aws4_request
                7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972
                """)
        #expect(
            signed.authorization
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
                + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,"
                + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
        #expect(
            signed.headersToAdd.map(\.name) == ["x-amz-date", "x-amz-content-sha256", "Authorization"])
        #expect(signed.headersToAdd[0].value == "20130524T000000Z")
        #expect(signed.headersToAdd[1].value == Self.emptyHash)
    }

    @Test("PUT Object: a `$` in the key, a Date header and a storage class")
    func putObject() {
        let payload = PayloadHash.of(Array("Welcome to Amazon S3.".utf8))
        #expect(payload.value == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        let request = SigV4Request(
            method: "PUT", host: Self.host, path: "/test$file.text",
            headers: [
                HTTPHeader("Date", "Fri, 24 May 2013 00:00:00 GMT"),
                HTTPHeader("x-amz-storage-class", "REDUCED_REDUNDANCY"),
            ])
        let signed = Self.example.sign(request, payload: payload, at: Self.exampleTime)
        #expect(request.target == "/test%24file.text")
        #expect(
            signed.canonicalRequest
                == """
                PUT
                /test%24file.text

                date:Fri, 24 May 2013 00:00:00 GMT
                host:examplebucket.s3.amazonaws.com
                x-amz-content-sha256:44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072
                x-amz-date:20130524T000000Z
                x-amz-storage-class:REDUCED_REDUNDANCY

                date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class
                44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072
                """)
        #expect(signed.stringToSign.hasSuffix("9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d"))
        #expect(signed.signature == "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd")
        #expect(
            signed.authorization.contains(
                "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,"))
    }

    @Test("GET Bucket Lifecycle: a query parameter without a value")
    func lifecycle() {
        let request = SigV4Request(method: "GET", host: Self.host, path: "/", query: [QueryItem("lifecycle")])
        let signed = Self.example.sign(request, payload: .empty, at: Self.exampleTime)
        #expect(signed.canonicalRequest.hasPrefix("GET\n/\nlifecycle=\nhost:"))
        #expect(request.target == "/?lifecycle=")
        #expect(signed.signature == "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543")
    }

    @Test("GET Bucket (List Objects): the query sorted whatever order it comes in")
    func listObjects() {
        for query in [
            [QueryItem("max-keys", "2"), QueryItem("prefix", "J")],
            [QueryItem("prefix", "J"), QueryItem("max-keys", "2")],
        ] {
            let request = SigV4Request(method: "GET", host: Self.host, path: "/", query: query)
            let signed = Self.example.sign(request, payload: .empty, at: Self.exampleTime)
            #expect(signed.canonicalRequest.hasPrefix("GET\n/\nmax-keys=2&prefix=J\nhost:"))
            #expect(signed.signature == "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7")
        }
    }

    // The three below were made once with botocore 1.43.11's S3SigV4Auth (`add_auth` on an AWSRequest whose
    // URL path was encoded with `quote(path, safe='/~')`, as botocore's serializer does, the query given as
    // params, and `botocore.auth.get_current_datetime` fixed at 2026-03-07T21:05:09Z); the canonical request
    // and the signature are pasted from its output.
    static let botocoreTime = SigningTime(secondsSince1970: 1_772_917_509)
    static let botocoreSigner = SigV4Signer(
        credentials: S3Credentials(
            accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1")

    @Test("a key with spaces, +, =, %, ~ and non-ASCII letters, and headers with runs of spaces (botocore)")
    func encodedKey() {
        let body = Array("Ünïcode body\n".utf8)
        let request = SigV4Request(
            method: "PUT", host: "127.0.0.1:9000", path: "/gallery/photos/a b+c=d%e~f/ünï €.jpg",
            headers: [
                HTTPHeader("Content-Type", "image/jpeg"),
                HTTPHeader("Cache-Control", "public,  max-age=31536000, immutable "),
                HTTPHeader("x-amz-meta-md5", "0123456789abcdef0123456789abcdef"),
            ])
        let signed = Self.botocoreSigner.sign(request, payload: .of(body), at: Self.botocoreTime)
        #expect(request.target == "/gallery/photos/a%20b%2Bc%3Dd%25e~f/%C3%BCn%C3%AF%20%E2%82%AC.jpg")
        #expect(
            signed.canonicalRequest
                == "PUT\n/gallery/photos/a%20b%2Bc%3Dd%25e~f/%C3%BCn%C3%AF%20%E2%82%AC.jpg\n\n"
                + "cache-control:public, max-age=31536000, immutable\ncontent-type:image/jpeg\n"
                + "host:127.0.0.1:9000\n"
                + "x-amz-content-sha256:1958fc4d730e20a1c9ae7a04cebd5f64fcbd7e97bc96e5b2c0f42b7c499bdd59\n"
                + "x-amz-date:20260307T210509Z\nx-amz-meta-md5:0123456789abcdef0123456789abcdef\n\n"
                + "cache-control;content-type;host;x-amz-content-sha256;x-amz-date;x-amz-meta-md5\n"
                + "1958fc4d730e20a1c9ae7a04cebd5f64fcbd7e97bc96e5b2c0f42b7c499bdd59")
        #expect(signed.signature == "70aa6ba44c2d70cb69a6b1a08b7ac14b211dc4df454883c7ba3227545a617022")
    }

    @Test("a ListObjectsV2 query whose prefix and token need encoding (botocore)")
    func encodedQuery() {
        let request = SigV4Request(
            method: "GET", host: "localhost:9000", path: "/gallery",
            query: [
                QueryItem("list-type", "2"), QueryItem("prefix", "photos/a b+c=d%e~f/ü/"),
                QueryItem("continuation-token", "1/ab+cd==~x"), QueryItem("encoding-type", "url"),
                QueryItem("max-keys", "1000"),
            ])
        let signed = Self.botocoreSigner.sign(request, payload: .empty, at: Self.botocoreTime)
        let query =
            "continuation-token=1%2Fab%2Bcd%3D%3D~x&encoding-type=url&list-type=2&max-keys=1000"
            + "&prefix=photos%2Fa%20b%2Bc%3Dd%25e~f%2F%C3%BC%2F"
        #expect(signed.canonicalRequest.hasPrefix("GET\n/gallery\n" + query + "\nhost:localhost:9000\n"))
        #expect(request.target == "/gallery?" + query)
        #expect(signed.signature == "aa1c25caaeb032a776227660b7de9740172c0289b20fd1b8023061e77c7bba58")
    }

    @Test("temporary credentials sign x-amz-security-token; repeated names sort by value (botocore)")
    func sessionToken() {
        let signer = SigV4Signer(
            credentials: S3Credentials(
                accessKeyID: "ASIADEXAMPLE", secretAccessKey: "secret/with+chars=",
                sessionToken: "FwoGZXIvYXdzEXAMPLE//token+/="),
            region: "eu-west-3")
        let request = SigV4Request(
            method: "DELETE", host: "examplebucket.s3.eu-west-3.amazonaws.com", path: "/.scrollery-x/τ",
            query: [QueryItem("z"), QueryItem("a", "é ü"), QueryItem("a", "+")])
        let signed = signer.sign(request, payload: .empty, at: Self.botocoreTime)
        #expect(
            signed.canonicalRequest
                == "DELETE\n/.scrollery-x/%CF%84\na=%2B&a=%C3%A9%20%C3%BC&z=\n"
                + "host:examplebucket.s3.eu-west-3.amazonaws.com\nx-amz-content-sha256:\(Self.emptyHash)\n"
                + "x-amz-date:20260307T210509Z\nx-amz-security-token:FwoGZXIvYXdzEXAMPLE//token+/=\n\n"
                + "host;x-amz-content-sha256;x-amz-date;x-amz-security-token\n\(Self.emptyHash)")
        #expect(signed.signature == "b14c32f6aaeeae7cfa1855af81374dd66ccd88d0232eca2644c5c27044b4c446")
        #expect(signed.headersToAdd.map(\.name).contains("x-amz-security-token"))
    }

    @Test("UNSIGNED-PAYLOAD goes into the canonical request and x-amz-content-sha256")
    func unsignedPayload() {
        let request = SigV4Request(method: "PUT", host: Self.host, path: "/a")
        let signed = Self.example.sign(request, payload: .unsigned, at: Self.exampleTime)
        #expect(signed.canonicalRequest.hasSuffix("\nUNSIGNED-PAYLOAD"))
        #expect(signed.headersToAdd[1] == HTTPHeader("x-amz-content-sha256", "UNSIGNED-PAYLOAD"))
    }

    @Test("a request's own Host, x-amz-date or Authorization never overrides the signer's")
    func ownHeadersIgnored() {
        let plain = SigV4Request(method: "GET", host: Self.host, path: "/test.txt")
        let spoofed = SigV4Request(
            method: "GET", host: Self.host, path: "/test.txt",
            headers: [
                HTTPHeader("Host", "evil.example"), HTTPHeader("X-Amz-Date", "19990101T000000Z"),
                HTTPHeader("authorization", "x"),
            ])
        #expect(
            Self.example.sign(plain, payload: .empty, at: Self.exampleTime)
                == Self.example.sign(spoofed, payload: .empty, at: Self.exampleTime))
    }

    @Test("the credentials' description shows the access key id and never the secret or the token")
    func credentialsDescription() {
        let credentials = S3Credentials(accessKeyID: "AKID", secretAccessKey: "SECRET", sessionToken: "TOKEN")
        for text in ["\(credentials)", String(reflecting: credentials)] {
            #expect(text.contains("AKID"))
            #expect(!text.contains("SECRET"))
            #expect(!text.contains("TOKEN"))
        }
    }

    @Test(
        "signing times in UTC",
        arguments: [
            (Int64(1_369_353_600), "20130524T000000Z"), (1_772_917_509, "20260307T210509Z"),
            (0, "19700101T000000Z"), (-1, "19691231T235959Z"), (951_825_600, "20000229T120000Z"),
            (4_107_542_400, "21000301T000000Z"), (-2_208_988_800, "19000101T000000Z"),
        ])
    func signingTime(seconds: Int64, expected: String) {
        let time = SigningTime(secondsSince1970: seconds)
        #expect(time.timestamp == expected)
        #expect(time.day == expected.prefix(8))
    }

    @Test("path and component encoding keep only unreserved bytes")
    func encoding() {
        #expect(SigV4Encoding.component("a/b c+d=e%f~g_h.i-j") == "a%2Fb%20c%2Bd%3De%25f~g_h.i-j")
        #expect(SigV4Encoding.path("a/b c/") == "/a/b%20c/")
        #expect(SigV4Encoding.path("/./../x") == "/./../x")
        #expect(SigV4Encoding.component("東京") == "%E6%9D%B1%E4%BA%AC")
        #expect(SigV4Encoding.component("!'()*@:$,;") == "%21%27%28%29%2A%40%3A%24%2C%3B")
    }
}
