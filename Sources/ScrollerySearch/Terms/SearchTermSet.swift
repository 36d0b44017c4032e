import Foundation

/// Distinct search terms, numbered from 0 in the order first met: their bytes one after another in one
/// buffer, found through an open-addressing table of their digests (`SearchTerm.digest`). Nothing is
/// allocated per term.
struct SearchTermSet {
    /// The terms' bytes, one after another.
    private(set) var bytes: [UInt8] = []
    /// Where each term's bytes end in `bytes`; they start where the term before ends.
    private(set) var ends: [UInt32] = []
    /// Each term's digest.
    private(set) var digests: [UInt64] = []
    /// Per slot: the number of a term, or `empty`; never more than half full.
    private var slots: [UInt32]

    private static let empty = UInt32.max

    /// A set with room for `capacity` terms before its table grows.
    init(capacity: Int = 512) {
        var count = 16
        while count < 2 * capacity { count *= 2 }
        slots = [UInt32](repeating: Self.empty, count: count)
    }

    /// The terms held.
    var count: Int { ends.count }

    /// The slots of the table, 4 bytes each.
    var slotCount: Int { slots.count }

    /// The number of `term`, whose digest is `digest`, and whether it was added now.
    @inline(__always)
    mutating func insert(_ term: UnsafeBufferPointer<UInt8>, digest: UInt64) -> (number: Int, isNew: Bool) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: digest) & mask
        while slots[slot] != Self.empty {
            let known = Int(slots[slot])
            if digests[known] == digest, holds(known, term) { return (known, false) }
            slot = (slot + 1) & mask
        }
        let number = ends.count
        bytes.append(contentsOf: term)
        ends.append(UInt32(bytes.count))
        digests.append(digest)
        slots[slot] = UInt32(number)
        if 2 * ends.count > slots.count { grow() }
        return (number, true)
    }

    /// Where the term numbered `number` starts in `bytes`.
    @inline(__always)
    func start(of number: Int) -> Int {
        number == 0 ? 0 : Int(ends[number - 1])
    }

    /// Whether the term numbered `number` is `term`.
    @inline(__always)
    private func holds(_ number: Int, _ term: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = start(of: number)
        guard Int(ends[number]) - start == term.count else { return false }
        return bytes.withUnsafeBufferPointer {
            guard let other = term.baseAddress, let mine = $0.baseAddress else { return true }
            return memcmp(mine + start, other, term.count) == 0
        }
    }

    private mutating func grow() {
        slots = [UInt32](repeating: Self.empty, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, digest) in digests.enumerated() {
            var slot = Int(truncatingIfNeeded: digest) & mask
            while slots[slot] != Self.empty { slot = (slot + 1) & mask }
            slots[slot] = UInt32(number)
        }
    }

    /// Empties the set, keeping its memory for the next terms.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        digests.removeAll(keepingCapacity: true)
        for slot in slots.indices { slots[slot] = Self.empty }
    }
}
