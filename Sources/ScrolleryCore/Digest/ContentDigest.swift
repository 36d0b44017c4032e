import Crypto
public import Foundation

/// SHA-256 of whole inputs, the one place it is named: what the HTTP cache names and checks entries by, what spreads pictures over
/// shards and pages over the write log, and what a deploy signs and records. (`Fingerprint` is the hash of
/// fields, for render keys; request signing's HMAC is the signer's own.)
public enum ContentDigest {
    /// The digest's 32 bytes.
    public static func bytes(of data: some DataProtocol) -> [UInt8] { Array(SHA256.hash(data: data)) }

    /// The digest's 32 bytes, of the bytes in `buffer`.
    public static func bytes(of buffer: UnsafeRawBufferPointer) -> [UInt8] { Array(SHA256.hash(data: buffer)) }

    /// The digest as 64 lower-case hex digits.
    public static func hex(of data: some DataProtocol) -> String { Hex.lowercase(SHA256.hash(data: data)) }

    /// The digest of the text's UTF-8 bytes, as 64 lower-case hex digits.
    public static func hex(of text: String) -> String { hex(of: Array(text.utf8)) }

    /// The first 8 bytes of the digest of the text's UTF-8 bytes, as a number (big-endian): a well-mixed
    /// 64-bit hash of a name.
    public static func head(of text: String) -> UInt64 {
        var text = text
        let digest = text.withUTF8 { SHA256.hash(data: UnsafeRawBufferPointer($0)) }
        return digest.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }
}
