/// A search term is its folded UTF-8 bytes (`SearchText`); terms are ordered by bytes, which is the order of
/// Unicode scalars. Its digest is worked out once, where the term is made (on the enrich workers), so the
/// build's loop that adds an item's terms to the postings finds a term by a number, not by hashing bytes.
enum SearchTerm {
    /// FNV-1a of `bytes`, 64 bits: the same on every machine and every run.
    static func digest(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return digest
    }
}
