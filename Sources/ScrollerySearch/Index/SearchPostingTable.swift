import Foundation

/// The postings held in memory until they are spilled as a run (`SearchRuns`): each distinct term once
/// (a `SearchTermSet`), and each posting packed in one number and chained to its term's postings, in the
/// order added. Nothing is allocated per term or per posting.
struct SearchPostingTable {
    private var terms = SearchTermSet(capacity: 512)
    /// Each term's first and last posting.
    private var firsts: [UInt32] = []
    private var lasts: [UInt32] = []
    /// Each posting: its ordinal, the item's length, and the term's counts in the title and the
    /// description, packed as `ordinal << 32 | length << 16 | title << 8 | body`.
    private var postings: [UInt64] = []
    /// Per posting: the next posting of the same term, or `empty`.
    private var next: [UInt32] = []

    private static let empty = UInt32.max

    var isEmpty: Bool { postings.isEmpty }

    /// The postings held.
    var count: Int { postings.count }

    /// About the bytes held: 12 a posting; a term's bytes and 28 more; 4 a slot.
    var bytes: Int { postings.count * 12 + terms.bytes.count + terms.count * 28 + terms.slotCount * 4 }

    /// Adds a posting of `term`, whose `SearchTerm.digest` is `digest`: `title` and `body` are kept up to
    /// 255, `length` up to 65,535. Postings of a term are added in ordinal order.
    mutating func add(
        _ term: UnsafeBufferPointer<UInt8>, digest: UInt64, ordinal: UInt32, title: UInt32, body: UInt32,
        length: UInt32
    ) {
        let number = self.number(of: term, digest: digest)
        let posting = UInt32(postings.count)
        postings.append(
            UInt64(ordinal) << 32 | UInt64(min(length, 65_535)) << 16 | UInt64(min(title, 255)) << 8
                | UInt64(min(body, 255)))
        next.append(Self.empty)
        if firsts[number] == Self.empty {
            firsts[number] = posting
        } else {
            next[Int(lasts[number])] = posting
        }
        lasts[number] = posting
    }

    /// Adds a posting of each of an item's terms.
    mutating func add(_ item: SearchTerms, ordinal: UInt32) {
        item.bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            for entry in item.entries {
                add(
                    UnsafeBufferPointer(rebasing: bytes[start..<Int(entry.end)]), digest: entry.digest,
                    ordinal: ordinal, title: entry.title, body: entry.body, length: item.length)
                start = Int(entry.end)
            }
        }
    }

    /// The number of `term`, added now if it is new.
    @inline(__always)
    private mutating func number(of term: UnsafeBufferPointer<UInt8>, digest: UInt64) -> Int {
        let (number, isNew) = terms.insert(term, digest: digest)
        if isNew {
            firsts.append(Self.empty)
            lasts.append(Self.empty)
        }
        return number
    }

    /// Calls `body` with each term in byte order and its postings in the order added, four numbers each
    /// (ordinal, title count, description count, length).
    func forEachSorted(_ body: (UnsafeBufferPointer<UInt8>, [UInt32]) throws -> Void) throws {
        try terms.bytes.withUnsafeBufferPointer { bytes in
            let ends = terms.ends
            func term(_ number: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[terms.start(of: number)..<Int(ends[number])])
            }
            // By the first eight bytes as a number first (a term holds no zero byte, so a shorter term's
            // zeros sort it first, as byte order does), then by the bytes.
            var keyed = (0..<ends.count).map { number in
                var key: UInt64 = 0
                for byte in term(number).prefix(8) { key = key << 8 | UInt64(byte) }
                return (key: key << (8 * UInt64(8 - min(term(number).count, 8))), number: number)
            }
            keyed.sort { $0.key != $1.key ? $0.key < $1.key : Self.precedes(term($0.number), term($1.number)) }
            let order = keyed.map(\.number)
            var list: [UInt32] = []
            for number in order {
                list.removeAll(keepingCapacity: true)
                var posting = firsts[number]
                while posting != Self.empty {
                    let packed = postings[Int(posting)]
                    list.append(UInt32(truncatingIfNeeded: packed >> 32))
                    list.append(UInt32(truncatingIfNeeded: packed >> 8 & 0xFF))
                    list.append(UInt32(truncatingIfNeeded: packed & 0xFF))
                    list.append(UInt32(truncatingIfNeeded: packed >> 16 & 0xFFFF))
                    posting = next[Int(posting)]
                }
                try body(term(number), list)
            }
        }
    }

    /// Byte order, which is the order of Unicode scalars.
    private static func precedes(_ one: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(one.count, other.count)
        guard common > 0, let first = one.baseAddress, let second = other.baseAddress else {
            return one.count < other.count
        }
        let compared = memcmp(first, second, common)
        return compared != 0 ? compared < 0 : one.count < other.count
    }

    /// Empties the table, keeping its memory for the next postings.
    mutating func removeAll() {
        terms.removeAll()
        firsts.removeAll(keepingCapacity: true)
        lasts.removeAll(keepingCapacity: true)
        postings.removeAll(keepingCapacity: true)
        next.removeAll(keepingCapacity: true)
    }
}
