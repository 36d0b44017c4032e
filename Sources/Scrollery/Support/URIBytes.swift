/// The classes of bytes that RFC 3986 gives names to, for checking and encoding URLs byte by byte.
enum URIBytes {
    /// Letters, digits, `-`, `.`, `_` and `~`: the bytes a URL never needs to percent-encode.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
