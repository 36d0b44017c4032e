import ScrolleryCore

/// The percent-encoding Signature Version 4 signs, which is also how the request must be sent: every byte of
/// the UTF-8 but RFC 3986's unreserved characters (`A-Z a-z 0-9 - _ . ~`) becomes `%XY` with uppercase hex.
package enum SigV4Encoding {
    /// One query name or value, or one path segment: `/` is encoded too.
    package static func component(_ text: String) -> String {
        encode(text, keepingSlash: false)
    }

    /// A path as S3 signs it: each segment encoded once (S3 does not encode twice), the `/` between segments
    /// kept. A path that does not start with `/` gets one.
    package static func path(_ path: String) -> String {
        let encoded = encode(path, keepingSlash: true)
        return encoded.hasPrefix("/") ? encoded : "/" + encoded
    }

    private static func encode(_ text: String, keepingSlash: Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if URIBytes.isUnreserved(byte) || (keepingSlash && byte == UInt8(ascii: "/")) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hex[Int(byte >> 4)])
                encoded.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }
}
