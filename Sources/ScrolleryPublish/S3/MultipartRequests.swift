import ScrolleryCore
import ScrolleryIO

/// The requests of a multipart upload, for files larger than one PutObject should carry: create it (with
/// the object's headers and its whole MD5 as `x-amz-meta-md5`, which is what a multipart object is
/// compared by), upload each part, complete it with the parts' ETags, or abort it.
extension S3Requests {
    /// The size of each part but the last: S3 takes 5 MiB to 5 GiB, and at most 10,000 parts.
    package static func partSize(forFileOf size: Int64) -> Int64 {
        let minimum: Int64 = 16 << 20
        let needed = (size + 9_999) / 10_000
        return max(minimum, (needed + (1 << 20) - 1) / (1 << 20) * (1 << 20))
    }

    package func createMultipartUpload(path: String, md5Hex: String, headers: UploadHeaders) -> (
        address: S3Address, request: SigV4Request
    ) {
        let address = endpoint.address(bucket: location.bucket, key: location.key(for: path))
        let request = address.request(
            method: "POST", query: [QueryItem("uploads")],
            headers: [
                HTTPHeader("Content-Type", headers.contentType), HTTPHeader("Cache-Control", headers.cacheControl),
                HTTPHeader("x-amz-meta-md5", md5Hex.lowercased()),
            ])
        return (address, request)
    }

    package func uploadPart(path: String, uploadID: String, partNumber: Int) -> (
        address: S3Address, request: SigV4Request
    ) {
        let address = endpoint.address(bucket: location.bucket, key: location.key(for: path))
        let request = address.request(
            method: "PUT", query: [QueryItem("partNumber", String(partNumber)), QueryItem("uploadId", uploadID)])
        return (address, request)
    }

    /// CompleteMultipartUpload, and its body listing the parts' numbers and ETags in order.
    package func completeMultipartUpload(path: String, uploadID: String, partETags: [String]) -> (
        address: S3Address, request: SigV4Request, body: [UInt8]
    ) {
        let address = endpoint.address(bucket: location.bucket, key: location.key(for: path))
        let request = address.request(
            method: "POST", query: [QueryItem("uploadId", uploadID)],
            headers: [HTTPHeader("Content-Type", "application/xml")])
        var text = "<CompleteMultipartUpload xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
        for (index, etag) in partETags.enumerated() {
            let escaped = DeleteObjectsBatch.escaped(etag) ?? ""
            text += "<Part><PartNumber>\(index + 1)</PartNumber><ETag>\(escaped)</ETag></Part>"
        }
        text += "</CompleteMultipartUpload>"
        return (address, request, Array(text.utf8))
    }

    package func abortMultipartUpload(path: String, uploadID: String) -> (address: S3Address, request: SigV4Request) {
        let address = endpoint.address(bucket: location.bucket, key: location.key(for: path))
        return (address, address.request(method: "DELETE", query: [QueryItem("uploadId", uploadID)]))
    }

    /// HeadObject of a listed key, to read its `md5` metadata.
    package func headObject(key: String) -> (address: S3Address, request: SigV4Request) {
        let address = endpoint.address(bucket: location.bucket, key: key)
        return (address, address.request(method: "HEAD"))
    }
}

/// The UploadId of an InitiateMultipartUploadResult.
package enum MultipartAnswers {
    package static func uploadID(parsing bytes: [UInt8]) throws(S3ResponseError) -> String {
        func fail(_ problem: String) -> S3ResponseError {
            S3ResponseError(response: "CreateMultipartUpload", problem: problem)
        }
        let root: XMLElement
        do { root = try XMLReader.parse(bytes) } catch { throw fail(error.description) }
        guard root.name == "InitiateMultipartUploadResult" else { throw fail("the root element is <\(root.name)>") }
        guard let id = root.child("UploadId")?.text, !id.isEmpty, id.utf8.count <= 1024 else {
            throw fail("it has no UploadId")
        }
        return id
    }

    /// CompleteMultipartUpload may answer 200 with an `<Error>` body: only a
    /// `CompleteMultipartUploadResult` means the object is there.
    package static func checkCompleted(_ bytes: [UInt8]) throws(S3ResponseError) {
        let root: XMLElement
        do { root = try XMLReader.parse(bytes) } catch {
            throw S3ResponseError(response: "CompleteMultipartUpload", problem: error.description)
        }
        guard root.name == "CompleteMultipartUploadResult" else {
            let code = root.child("Code")?.text ?? root.name
            throw S3ResponseError(response: "CompleteMultipartUpload", problem: "the upload failed (\(code))")
        }
    }
}
