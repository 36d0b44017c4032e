/// A term's UTF-8 bytes: hashed and compared as bytes, without the Unicode normalization that every
/// look-up of a `String` key pays for. Ordered by bytes, which is the order of Unicode scalars. Its hash
/// is worked out once, where the term is made (on the enrich workers), so the build's loop that adds an
/// item's terms to the postings hashes a number, not the bytes.
struct SearchTerm: Hashable, Comparable, Sendable {
    let bytes: [UInt8]
    /// FNV-1a of the bytes, 64 bits.
    private let digest: UInt64

    init(_ bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
        digest = self.bytes.withUnsafeBufferPointer { Self.digest(of: $0) }
    }

    /// A term of `bytes`, whose `digest(of:)` is already known.
    init(_ bytes: UnsafeBufferPointer<UInt8>, digest: UInt64) {
        self.bytes = Array(bytes)
        self.digest = digest
    }

    /// FNV-1a of `bytes`, 64 bits: the same on every machine and every run.
    static func digest(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return digest
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    static func == (one: SearchTerm, other: SearchTerm) -> Bool {
        one.digest == other.digest && one.bytes == other.bytes
    }

    static func < (one: SearchTerm, other: SearchTerm) -> Bool {
        one.bytes.lexicographicallyPrecedes(other.bytes)
    }
}
