/// What folding does to each scalar that it changes, looked up in constant time: lets `SearchText.fold` fold
/// text a scalar at a time, without normalizing whole strings through Foundation.
///
/// The entries are Foundation's own folding of each scalar alone (`SearchText.foldByNormalizing`), recorded
/// in `SearchFoldTable+Data.swift` by a test that also checks every scalar against it. Hangul syllables
/// are decomposed by Unicode's algorithm instead of listed. A scalar whose folded form keeps a mark that
/// canonical reordering could move (a spacing mark with a combining class) is flagged: text holding one is
/// folded the slow way, whole.
package struct SearchFoldTable: Sendable {
    package static let shared = SearchFoldTable(encoded: encodedEntries)

    /// For each block of 256 scalars, its first slot in `slots`, or -1 when folding changes none of them.
    private let blocks: [Int32]
    /// Per scalar of a listed block: 0 for the scalar itself, `UInt32.max` for "fold the whole text",
    /// otherwise the start of its bytes in `pool` times 256 plus their count (never 0: `pool` starts with
    /// a byte that no entry uses).
    private let slots: [UInt32]
    private let pool: [UInt8]

    /// - Parameter encoded: entries `SCALAR:FOLDED;` in hex, `FOLDED` a comma-separated list of scalars
    ///   (empty for a removed mark) or `!` for "fold the whole text".
    init(encoded: String) {
        var blocks = [Int32](repeating: -1, count: 0x110000 >> 8)
        var slots: [UInt32] = []
        var pool: [UInt8] = [0]
        for entry in Array(encoded.utf8).split(separator: UInt8(ascii: ";")) {
            let parts = entry.split(separator: UInt8(ascii: ":"), maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = Self.hex(parts[0]), key < 0x110000 else { continue }
            let block = Int(key >> 8)
            if blocks[block] < 0 {
                blocks[block] = Int32(slots.count)
                slots += [UInt32](repeating: 0, count: 256)
            }
            let slot = Int(blocks[block]) + Int(key & 0xFF)
            let folded: ArraySlice<UInt8> = parts.count > 1 ? parts[1] : []
            if folded.elementsEqual("!".utf8) {
                slots[slot] = .max
                continue
            }
            let start = pool.count
            for value in folded.split(separator: UInt8(ascii: ",")) {
                guard let scalar = Self.hex(value).flatMap(Unicode.Scalar.init) else { continue }
                pool += Array(String(scalar).utf8)
            }
            slots[slot] = UInt32(start) << 8 | UInt32(pool.count - start)
        }
        self.blocks = blocks
        self.slots = slots
        self.pool = pool
    }

    private static func hex(_ digits: some Collection<UInt8>) -> UInt32? {
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        var value: UInt32 = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt32(digit - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        return value
    }

    /// What `value` folds to, as a number: 0 for itself, `UInt32.max` for "fold the whole text", otherwise
    /// where its bytes are (read them with `withReplacement`; none for a mark that folding removes). Hangul
    /// syllables are not looked up here (see `SearchText`).
    @inline(__always)
    package func slot(_ value: UInt32) -> UInt32 {
        let block = blocks[Int(value >> 8)]
        guard block >= 0 else { return 0 }
        return slots[Int(block) + Int(value & 0xFF)]
    }

    /// Calls `body` with the bytes a `slot` other than 0 and `UInt32.max` stands for.
    @inline(__always)
    package func withReplacement<Result>(_ slot: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        pool.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[Int(slot >> 8)..<Int(slot >> 8) + Int(slot & 0xFF)]))
        }
    }
}
