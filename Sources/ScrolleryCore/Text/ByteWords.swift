/// Eight bytes looked at at once (a 64-bit word), to skip over runs that hold none of the bytes a scanner
/// stops at. Each test is exact: it says whether some byte of the word is the one asked for, never more.
package enum ByteWords {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `offset` (which must have eight bytes after it), in memory order.
    @inline(__always)
    package static func load(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(as: UInt64.self)
    }

    /// Whether some byte of `word` is zero.
    @inline(__always)
    package static func hasZero(_ word: UInt64) -> Bool {
        (word &- ones) & ~word & highs != 0
    }

    /// Whether some byte of `word` is `byte`.
    @inline(__always)
    package static func has(_ word: UInt64, _ byte: UInt8) -> Bool {
        hasZero(word ^ (ones &* UInt64(byte)))
    }

    /// Whether some byte of `word` is below `limit` (at most 0x80).
    @inline(__always)
    package static func hasBelow(_ word: UInt64, _ limit: UInt8) -> Bool {
        (word &- ones &* UInt64(limit)) & ~word & highs != 0
    }
}
