import ScrolleryCore

/// One object of a listing: its full key, size and ETag (quotes removed; a multipart upload's has a `-`).
package struct ListedObject: Sendable, Equatable {
    package let key: String
    package let size: Int64
    package let etag: String

    package init(key: String, size: Int64, etag: String) {
        self.key = key
        self.size = size
        self.etag = etag
    }
}

/// One page of a ListObjectsV2 answer. The keys are the server's: see `ManagedKeys` before using one.
package struct ListObjectsV2Page: Sendable, Equatable {
    package let objects: [ListedObject]
    package let isTruncated: Bool
    /// The token for the next page; present whenever `isTruncated` is.
    package let nextContinuationToken: String?

    /// Reads the XML of a ListObjectsV2 answer. Keys are URL-decoded when the answer says
    /// `<EncodingType>url</EncodingType>` (`+` is a space there, as botocore reads it). Throws on malformed
    /// XML, a missing key or size, a size that is not a non-negative integer, or a truncated page without a
    /// token.
    package init(parsing bytes: [UInt8]) throws(S3ResponseError) {
        func fail(_ problem: String) -> S3ResponseError { S3ResponseError(response: "ListObjectsV2", problem: problem) }
        let root: XMLElement
        do { root = try XMLReader.parse(bytes) } catch { throw fail(error.description) }
        guard root.name == "ListBucketResult" else { throw fail("the root element is <\(root.name)>") }
        let urlEncoded: Bool
        switch root.child("EncodingType")?.text {
        case nil: urlEncoded = false
        case "url": urlEncoded = true
        case let other?: throw fail("unknown EncodingType \"\(other)\"")
        }
        var objects: [ListedObject] = []
        objects.reserveCapacity(root.children.count)
        for contents in root.children("Contents") {
            guard let rawKey = contents.child("Key")?.text, !rawKey.isEmpty else { throw fail("an object has no key") }
            var key = rawKey
            if urlEncoded {
                guard let decoded = URLDecoding.formDecoded(rawKey) else {
                    throw fail("the key \"\(rawKey)\" is not valid URL encoding of UTF-8")
                }
                key = decoded
            }
            guard let sizeText = contents.child("Size")?.text, sizeText.utf8.count <= 18,
                !sizeText.isEmpty, sizeText.utf8.allSatisfy({ (48...57).contains($0) }), let size = Int64(sizeText)
            else { throw fail("the object \"\(rawKey)\" has no valid size") }
            objects.append(ListedObject(key: key, size: size, etag: Self.unquoted(contents.child("ETag")?.text ?? "")))
        }
        switch root.child("IsTruncated")?.text {
        case nil, "false": isTruncated = false
        case "true": isTruncated = true
        case let other?: throw fail("IsTruncated is \"\(other)\"")
        }
        let token = root.child("NextContinuationToken")?.text
        nextContinuationToken = token?.isEmpty == true ? nil : token
        if isTruncated && nextContinuationToken == nil { throw fail("a truncated page has no NextContinuationToken") }
        self.objects = objects
    }

    /// An ETag without its quotes: `"9b2cf…"` → `9b2cf…`.
    static func unquoted(_ etag: String) -> String {
        var text = Substring(etag)
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = text.dropFirst().dropLast() }
        return String(text)
    }
}

/// Percent-decoding as `application/x-www-form-urlencoded`, which S3 uses for `encoding-type=url`.
enum URLDecoding {
    /// `text` with `+` made a space and each `%XY` made its byte; nil when a `%` is not followed by two hex
    /// digits or the bytes are not UTF-8.
    static func formDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(Hex.value(of:)),
                    let low = iterator.next().flatMap(Hex.value(of:))
                else {
                    return nil
                }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
