/// The classes of bytes that RFC 3986 gives names to, for checking and encoding URLs byte by byte.
package enum URIBytes {
    /// Letters, digits, `-`, `.`, `_` and `~`: the bytes a URL never needs to percent-encode.
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Percent-encodes every byte of the UTF-8 text but RFC 3986's unreserved characters
    /// (`A–Z a–z 0–9 - . _ ~`). `.` and `..` alone are path segments even when encoded, so they are
    /// spelled out as `%2E`.
    package static func percentEncoded(_ text: String) -> String {
        if text != ".", text != "..", text.utf8.allSatisfy(isUnreserved) { return text }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count * 3)
        appendPercentEncoded(text, to: &encoded)
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Appends `percentEncoded(text)` to `bytes`.
    package static func appendPercentEncoded(_ text: String, to bytes: inout [UInt8]) {
        if text == "." || text == ".." {
            bytes.append(contentsOf: (text == "." ? "%2E" : "%2E%2E").utf8)
            return
        }
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(Hex.uppercaseDigit(byte >> 4))
                bytes.append(Hex.uppercaseDigit(byte & 0x0F))
            }
        }
    }

    /// Percent-encodes every byte of the UTF-8 text but the unreserved characters and those `keeping` keeps.
    package static func percentEncoded(_ text: String, keeping: (UInt8) -> Bool) -> String {
        if text.utf8.allSatisfy({ URIBytes.isUnreserved($0) || keeping($0) }) { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if URIBytes.isUnreserved(byte) || keeping(byte) {
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
