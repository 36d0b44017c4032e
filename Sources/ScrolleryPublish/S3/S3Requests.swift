import ScrolleryCore
import ScrolleryIO

/// The requests a deploy makes, ready to sign: where each goes and what it carries. The HTTP client signs
/// each with `SigV4Signer` and sends it to `address.url(of: request)`.
package struct S3Requests: Sendable {
    package let endpoint: S3Endpoint
    package let location: S3Location

    package init(endpoint: S3Endpoint, location: S3Location) {
        self.endpoint = endpoint
        self.location = location
    }

    /// One page of ListObjectsV2 under the prefix, keys URL-encoded in the answer (so that a key with a
    /// character XML cannot carry still comes through, and is then judged by `ManagedKeys`).
    /// `maxKeys` asks for a shorter page than the server's own.
    package func listObjectsV2(
        continuationToken: String?, maxKeys: Int? = nil
    ) -> (address: S3Address, request: SigV4Request) {
        var query = [QueryItem("list-type", "2"), QueryItem("encoding-type", "url")]
        if let maxKeys { query.append(QueryItem("max-keys", String(maxKeys))) }
        if !location.prefix.isEmpty { query.append(QueryItem("prefix", location.prefix)) }
        if let continuationToken { query.append(QueryItem("continuation-token", continuationToken)) }
        let address = endpoint.address(bucket: location.bucket)
        return (address, address.request(method: "GET", query: query))
    }

    /// PutObject of a file: its headers, its MD5 as `Content-MD5` (S3 refuses a body that does not match) and
    /// as `x-amz-meta-md5` (what multipart objects are compared by). Content-Length is the client's to set.
    package func putObject(path: String, md5Hex: String, headers: UploadHeaders) throws(S3RequestError) -> (
        address: S3Address, request: SigV4Request
    ) {
        guard let contentMD5 = Self.base64(hex: md5Hex) else {
            throw S3RequestError(problem: "\(md5Hex.debugDescription) is not an MD5 in hex")
        }
        let address = endpoint.address(bucket: location.bucket, key: location.key(for: path))
        let request = address.request(
            method: "PUT",
            headers: [
                HTTPHeader("Content-Type", headers.contentType), HTTPHeader("Cache-Control", headers.cacheControl),
                HTTPHeader("Content-MD5", contentMD5), HTTPHeader("x-amz-meta-md5", md5Hex.lowercased()),
            ])
        return (address, request)
    }

    /// GetObject of a path under the prefix.
    package func getObject(path: String) -> (address: S3Address, request: SigV4Request) {
        let address = endpoint.address(bucket: location.bucket, key: location.key(for: path))
        return (address, address.request(method: "GET"))
    }

    /// DeleteObjects of one batch (the body is `batch.body`).
    package func deleteObjects(_ batch: DeleteObjectsBatch) -> (address: S3Address, request: SigV4Request) {
        let address = endpoint.address(bucket: location.bucket)
        let request = address.request(
            method: "POST", query: [QueryItem("delete")],
            headers: [HTTPHeader("Content-MD5", batch.contentMD5), HTTPHeader("Content-Type", "application/xml")])
        return (address, request)
    }

    /// Base64 of the 16 bytes a 32-digit hex MD5 spells, or nil.
    static func base64(hex: String) -> String? {
        guard Hex.isDigits(hex, count: 32) else { return nil }
        var bytes: [UInt8] = []
        var high: UInt8?
        for digit in hex.utf8 {
            let value: UInt8 =
                switch digit {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
                default: digit - UInt8(ascii: "A") + 10
                }
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var text: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<4 {
                text.append(
                    position <= chunk.count
                        ? alphabet[Int(value >> (18 - 6 * UInt32(position)) & 0x3F)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }
}
