import Crypto
import Foundation
import ScrolleryTestSupport
import Testing

@testable import ScrolleryPublish

/// The XML answers of S3: a ListObjectsV2 page, an error, a DeleteObjects result; and the DeleteObjects body.
/// The answers are untrusted, so malformed ones must be errors, never a crash or a wrong key.
@Suite("S3 XML answers")
struct ListingResponseTests {
    static let page = """
        <?xml version="1.0" encoding="UTF-8"?>
        <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
          <Name>gallery</Name><Prefix>photos/</Prefix><KeyCount>3</KeyCount><MaxKeys>1000</MaxKeys>
          <IsTruncated>true</IsTruncated>
          <Contents>
            <Key>photos/a &amp; b &lt;1&gt; &quot;q&quot; &apos;s&apos;.jpg</Key>
            <LastModified>2026-03-07T21:05:09.000Z</LastModified>
            <ETag>&quot;9b2cf535f27731c974343645a3985328&quot;</ETag>
            <Size>1234</Size><StorageClass>STANDARD</StorageClass>
          </Contents>
          <Contents><Key>photos/&#233;t&#xE9; &#x1F338;.webp</Key><ETag>"d41d8cd98f00b204e9800998ecf8427e-2"</ETag>
            <Size>0</Size></Contents>
          <Contents><Key><![CDATA[photos/x<y>&z]]></Key><ETag>"abc"</ETag><Size>5497558138880</Size></Contents>
          <NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken>
        </ListBucketResult>
        """

    @Test("a page's keys, sizes, ETags without quotes, and its continuation token")
    func page() throws {
        let page = try ListObjectsV2Page(parsing: Array(Self.page.utf8))
        #expect(
            page.objects == [
                ListedObject(
                    key: "photos/a & b <1> \"q\" 's'.jpg", size: 1234, etag: "9b2cf535f27731c974343645a3985328"),
                ListedObject(key: "photos/été 🌸.webp", size: 0, etag: "d41d8cd98f00b204e9800998ecf8427e-2"),
                ListedObject(key: "photos/x<y>&z", size: 5_497_558_138_880, etag: "abc"),
            ])
        #expect(page.isTruncated)
        #expect(page.nextContinuationToken == "1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=")
    }

    @Test("the last page, empty or not, has no token")
    func lastPage() throws {
        let empty = try ListObjectsV2Page(
            parsing: Array("<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>".utf8))
        #expect(empty.objects.isEmpty)
        #expect(!empty.isTruncated)
        #expect(empty.nextContinuationToken == nil)
        let selfClosed = try ListObjectsV2Page(parsing: Array("<ListBucketResult/>".utf8))
        #expect(selfClosed.objects.isEmpty)
    }

    @Test("encoding-type=url: keys are decoded, + as a space, control characters come through")
    func urlEncodedKeys() throws {
        let xml = """
            <ListBucketResult><EncodingType>url</EncodingType>
            <Contents><Key>p/a+b%2Bc%3D%25%C3%BC%0A%7E</Key><ETag>"e"</ETag><Size>1</Size></Contents>
            </ListBucketResult>
            """
        let page = try ListObjectsV2Page(parsing: Array(xml.utf8))
        #expect(page.objects.map(\.key) == ["p/a b+c=%ü\n~"])
        for bad in ["p/%", "p/%4", "p/%zz", "p/%C3", "p/%FF"] {
            let xml =
                "<ListBucketResult><EncodingType>url</EncodingType><Contents><Key>\(bad)</Key><Size>1</Size>"
                + "</Contents></ListBucketResult>"
            #expect(throws: S3ResponseError.self) { try ListObjectsV2Page(parsing: Array(xml.utf8)) }
        }
    }

    @Test(
        "malformed or incomplete answers are errors",
        arguments: [
            "", "   ", "not xml", "<ListBucketResult>", "<ListBucketResult></ListBucketRes>",
            "<ListBucketResult><Contents><Key>a</Key></Contents></ListBucketResult>",
            "<ListBucketResult><Contents><Size>1</Size></Contents></ListBucketResult>",
            "<ListBucketResult><Contents><Key>a</Key><Size>-1</Size></Contents></ListBucketResult>",
            "<ListBucketResult><Contents><Key>a</Key><Size>1.5</Size></Contents></ListBucketResult>",
            "<ListBucketResult><Contents><Key>a</Key><Size>99999999999999999999</Size></Contents></ListBucketResult>",
            "<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>",
            "<ListBucketResult><IsTruncated>yes</IsTruncated></ListBucketResult>",
            "<ListBucketResult><EncodingType>base64</EncodingType></ListBucketResult>",
            "<Error><Code>NoSuchBucket</Code></Error>", "<ListBucketResult>&bogus;</ListBucketResult>",
            "<ListBucketResult>&#0;</ListBucketResult>", "<ListBucketResult>&#xD800;</ListBucketResult>",
            "<ListBucketResult>&#x110000;</ListBucketResult>", "<ListBucketResult>&#99999999999999;</ListBucketResult>",
            "<ListBucketResult>a & b</ListBucketResult>", "<ListBucketResult>a\u{1}b</ListBucketResult>",
            "<ListBucketResult a='1' a='2'/>", "<ListBucketResult a=1/>", "<ListBucketResult a='<'/>",
            "<ListBucketResult/><x/>", "<ListBucketResult/>trailing", "<1a/>",
            "<!DOCTYPE x [<!ENTITY e \"boom\">]><ListBucketResult>&e;</ListBucketResult>",
            "<ListBucketResult><!-- open </ListBucketResult>", "<ListBucketResult><![CDATA[x</ListBucketResult>",
            "<ListBucketResult><a></b></ListBucketResult>",
        ])
    func malformed(xml: String) {
        #expect(throws: S3ResponseError.self) { try ListObjectsV2Page(parsing: Array(xml.utf8)) }
    }

    @Test("bytes that are not UTF-8 are an error")
    func notUTF8() {
        let bytes =
            Array("<ListBucketResult><Contents><Key>a".utf8) + [0xFF, 0xFE]
            + Array("</Key><Size>1</Size></Contents></ListBucketResult>".utf8)
        #expect(throws: S3ResponseError.self) { try ListObjectsV2Page(parsing: bytes) }
    }

    @Test("deep nesting is refused without recursion, and every prefix of a page fails cleanly")
    func hostileShapes() throws {
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        #expect(throws: XMLSyntaxError.self) { try XMLReader.parse(Array(deep.utf8)) }
        let bytes = Array(Self.page.utf8)
        for end in 0..<bytes.count {
            // Cut anywhere, the page is either an error or (past the root's end) the whole page.
            _ = try? ListObjectsV2Page(parsing: Array(bytes[0..<end]))
        }
        #expect(throws: S3ResponseError.self) { try ListObjectsV2Page(parsing: Array(bytes.dropLast(20))) }
    }

    @Test("pages with random bytes changed never crash the reader")
    func mutatedPages() {
        var generator = SeededGenerator(seed: 31)
        let alphabet = Array("<>/&;#x=\"' abKeyContents![CDATA[]]-?\n\u{0}\u{FF}".utf8)
        let seed = Array(Self.page.utf8)
        for _ in 0..<3000 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] =
                    alphabet.randomElement(using: &generator) ?? 0
            }
            _ = try? ListObjectsV2Page(parsing: bytes)
        }
    }

    @Test("an S3 error answer: code, message and request id")
    func errorResponse() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match \
            the signature you provided. Check your key &amp; signing method.</Message>\
            <RequestId>4442587FB7D0A2F9</RequestId></Error>
            """
        let error = try S3ErrorResponse(parsing: Array(xml.utf8))
        #expect(error.code == "SignatureDoesNotMatch")
        #expect(error.message.hasSuffix("Check your key & signing method."))
        #expect(error.requestID == "4442587FB7D0A2F9")
        for bad in ["<html><body>502 Bad Gateway</body></html>", "", "<Error><Message>m</Message></Error>"] {
            #expect(throws: S3ResponseError.self) { try S3ErrorResponse(parsing: Array(bad.utf8)) }
        }
    }

    @Test("a DeleteObjects answer lists the keys that failed")
    func deleteResult() throws {
        let xml = """
            <DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
            <Deleted><Key>a</Key></Deleted>
            <Error><Key>b&amp;c</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>
            </DeleteResult>
            """
        let result = try DeleteObjectsResult(parsing: Array(xml.utf8))
        #expect(result.deleted == ["a"])
        #expect(result.failures == [.init(key: "b&c", code: "AccessDenied", message: "Access Denied")])
        #expect(throws: S3ResponseError.self) { try DeleteObjectsResult(parsing: Array("<Error/>".utf8)) }
    }

    @Test("a DeleteObjects body escapes keys, reads back the same keys, and carries its MD5")
    func deleteBody() throws {
        let keys = ["p/a & b <c> \"d\" 'e'.jpg", "p/été 🌸", "p/tab\there", "p/line\nend\r"]
        let batch = try DeleteObjectsBatch(keys: keys)
        let text = String(decoding: batch.body, as: UTF8.self)
        #expect(text.contains("<Quiet>true</Quiet>"))
        #expect(text.contains("<Key>p/a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;.jpg</Key>"))
        #expect(text.contains("<Key>p/line&#10;end&#13;</Key>"))
        let read = try XMLReader.parse(batch.body)
        #expect(read.name == "Delete")
        #expect(read.children("Object").compactMap { $0.child("Key")?.text } == keys)
        #expect(batch.contentMD5 == Data(Insecure.MD5.hash(data: batch.body)).base64EncodedString())
        #expect(try DeleteObjectsBatch(keys: []).contentMD5.count == 24)
    }

    @Test("the Content-MD5 of a known body")
    func knownMD5() throws {
        // RFC 1321's test vector: MD5("abc") = 900150983cd24fb0d6963f7d28e17f72.
        #expect(
            Data(Insecure.MD5.hash(data: Array("abc".utf8))).base64EncodedString() == "kAFQmDzST7DWlj99KOF/cg==")
    }

    @Test("keys go in batches of at most 1,000; a key XML cannot carry is refused")
    func batches() throws {
        let keys = (0..<2_345).map { "k/\($0)" }
        let batches = try DeleteObjectsBatch.batches(of: keys)
        #expect(batches.map(\.keys.count) == [1000, 1000, 345])
        #expect(batches.flatMap(\.keys) == keys)
        #expect(try DeleteObjectsBatch.batches(of: []).isEmpty)
        #expect(throws: S3RequestError.self) { try DeleteObjectsBatch(keys: ["a\u{1}b"]) }
        #expect(throws: S3RequestError.self) { try DeleteObjectsBatch(keys: ["a\u{FFFE}"]) }
        #expect(throws: S3RequestError.self) { try DeleteObjectsBatch(keys: keys) }
    }
}
