import ScrolleryCore
import ScrolleryIO
import Testing

@testable import ScrolleryPublish

/// The requests a deploy makes, and the guard that stops a listing that would loop.
@Suite("S3 requests")
struct S3RequestsTests {
    static func requests(_ endpoint: String?, _ location: String) throws -> S3Requests {
        let endpoint =
            try endpoint.map { try S3Endpoint(parsing: $0, region: "us-east-1") } ?? S3Endpoint.aws(region: "us-east-1")
        return S3Requests(endpoint: endpoint, location: try S3Location(parsing: location))
    }

    @Test("ListObjectsV2 under the prefix, keys URL-encoded, with the continuation token")
    func list() throws {
        let requests = try Self.requests("http://127.0.0.1:9000", "s3://gallery/photos 2026")
        let first = requests.listObjectsV2(continuationToken: nil)
        #expect(
            first.address.url(of: first.request)
                == "http://127.0.0.1:9000/gallery?encoding-type=url&list-type=2&prefix=photos%202026%2F")
        let next = requests.listObjectsV2(continuationToken: "1/a+b=")
        #expect(next.request.target.contains("continuation-token=1%2Fa%2Bb%3D"))
        let whole = try Self.requests(nil, "s3://gallery").listObjectsV2(continuationToken: nil)
        #expect(
            whole.address.url(of: whole.request)
                == "https://gallery.s3.us-east-1.amazonaws.com/?encoding-type=url&list-type=2")
    }

    @Test("PutObject: the key under the prefix, headers, Content-MD5 and the md5 metadata")
    func put() throws {
        let requests = try Self.requests(nil, "s3://gallery/site")
        let put = try requests.putObject(
            path: "items/été/index.html", md5Hex: "900150983CD24FB0D6963F7D28E17F72",
            headers: UploadHeaders(path: "items/été/index.html"))
        #expect(
            put.address.url(of: put.request)
                == "https://gallery.s3.us-east-1.amazonaws.com/site/items/%C3%A9t%C3%A9/index.html")
        #expect(
            put.request.headers == [
                HTTPHeader("Content-Type", "text/html; charset=utf-8"),
                HTTPHeader("Cache-Control", "public, max-age=0, must-revalidate"),
                // RFC 1321's MD5("abc"), in base64.
                HTTPHeader("Content-MD5", "kAFQmDzST7DWlj99KOF/cg=="),
                HTTPHeader("x-amz-meta-md5", "900150983cd24fb0d6963f7d28e17f72"),
            ])
        #expect(throws: S3RequestError.self) {
            try requests.putObject(path: "a", md5Hex: "xyz", headers: UploadHeaders(path: "a"))
        }
        #expect(S3Requests.base64(hex: "d41d8cd98f00b204e9800998ecf8427e") == "1B2M2Y8AsgTpgAmY7PhCfg==")
    }

    @Test("DeleteObjects: POST ?delete with the batch's Content-MD5")
    func delete() throws {
        let requests = try Self.requests("https://s3.example", "s3://gallery")
        let batch = try DeleteObjectsBatch(keys: ["a", "b"])
        let delete = requests.deleteObjects(batch)
        #expect(delete.request.method == "POST")
        #expect(delete.address.url(of: delete.request) == "https://s3.example/gallery?delete=")
        #expect(delete.request.headers.contains(HTTPHeader("Content-MD5", batch.contentMD5)))
    }

    static func page(_ keys: [String], token: String?) -> ListObjectsV2Page {
        var xml = "<ListBucketResult><IsTruncated>\(token != nil)</IsTruncated>"
        for key in keys { xml += "<Contents><Key>\(key)</Key><Size>1</Size></Contents>" }
        if let token { xml += "<NextContinuationToken>\(token)</NextContinuationToken>" }
        return (try? ListObjectsV2Page(parsing: Array((xml + "</ListBucketResult>").utf8)))
            ?? page([], token: nil)
    }

    @Test("a listing stops at its last page, and a repeated token or endless empty pages are errors")
    func progress() throws {
        var progress = ListingProgress(maxEmptyPagesInARow: 2)
        #expect(try progress.next(after: Self.page(["a"], token: "t1")) == "t1")
        #expect(try progress.next(after: Self.page([], token: "t2")) == "t2")
        #expect(try progress.next(after: Self.page(["b"], token: "t3")) == "t3")
        #expect(try progress.next(after: Self.page(["c"], token: nil)) == nil)
        #expect(throws: S3ResponseError.self) { try progress.next(after: Self.page(["d"], token: "t1")) }
        var empty = ListingProgress(maxEmptyPagesInARow: 2)
        _ = try empty.next(after: Self.page([], token: "e1"))
        _ = try empty.next(after: Self.page([], token: "e2"))
        #expect(throws: S3ResponseError.self) { try empty.next(after: Self.page([], token: "e3")) }
    }
}

/// The requests of a multipart upload.
@Suite("Multipart requests")
struct MultipartRequestsTests {
    @Test("parts of 16 MiB, larger when 10,000 would not hold the file")
    func partSize() {
        #expect(S3Requests.partSize(forFileOf: 70 << 20) == 16 << 20)
        let huge: Int64 = 1 << 40
        let size = S3Requests.partSize(forFileOf: huge)
        #expect(size * 10_000 >= huge && size % (1 << 20) == 0)
    }

    @Test("create, part, complete and abort go to the key, with the upload id in the query")
    func requests() throws {
        let requests = try S3RequestsTests.requests("http://127.0.0.1:9000", "s3://gallery/site")
        let create = requests.createMultipartUpload(
            path: "big.pdf", md5Hex: "900150983CD24FB0D6963F7D28E17F72", headers: UploadHeaders(path: "big.pdf"))
        #expect(create.address.url(of: create.request) == "http://127.0.0.1:9000/gallery/site/big.pdf?uploads=")
        #expect(create.request.headers.contains(HTTPHeader("x-amz-meta-md5", "900150983cd24fb0d6963f7d28e17f72")))
        let part = requests.uploadPart(path: "big.pdf", uploadID: "a/b", partNumber: 2)
        #expect(part.request.target == "/gallery/site/big.pdf?partNumber=2&uploadId=a%2Fb")
        let complete = requests.completeMultipartUpload(
            path: "big.pdf", uploadID: "u", partETags: ["\"e1\"", "\"e2\""])
        #expect(
            String(decoding: complete.body, as: UTF8.self).contains(
                "<Part><PartNumber>2</PartNumber><ETag>&quot;e2&quot;</ETag></Part>"))
        #expect(requests.abortMultipartUpload(path: "big.pdf", uploadID: "u").request.method == "DELETE")
        #expect(throws: S3ResponseError.self) {
            try MultipartAnswers.checkCompleted(Array("<Error><Code>InternalError</Code></Error>".utf8))
        }
        #expect(
            try MultipartAnswers.uploadID(
                parsing: Array(
                    "<InitiateMultipartUploadResult><UploadId>xyz</UploadId></InitiateMultipartUploadResult>".utf8))
                == "xyz")
    }
}
