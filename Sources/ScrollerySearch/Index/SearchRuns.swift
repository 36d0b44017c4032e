import Foundation
import ScrolleryIO

/// Postings spilled to disk as sorted runs, and read back merged: what keeps the index's memory flat.
///
/// A posting is four numbers: the item's ordinal (its 0-based place in the gallery), how often the term is
/// in its title and in its description (each at most 255), and the item's length in terms. A run is a
/// list of terms in byte order, each with its postings in ordinal order, written in blocks of
/// `SearchLimits.blockBytes`; the runs are made in gallery order, so merging keeps the ordinals in order.
///
/// Runs are merged in tiers, as they come: `SearchLimits.runsMerged` runs of one tier become one run of
/// the next. So however large the gallery, a merge reads from a bounded number of runs at once (a block
/// of each), and each posting is written a few times (once per tier), not once per merge.
final class SearchRuns {
    private let file: SpillFile
    /// The records of each run in `file` and its tier (0 for a spill), oldest first.
    private var runs: [(records: Range<Int>, tier: Int)] = []

    /// - Parameter folder: where the spill file is made (the cache folder); it has no name once made.
    init(in folder: URL) throws {
        file = try SpillFile(in: folder)
    }

    /// Writes one run: the table's terms, sorted by it.
    func spill(_ table: SearchPostingTable) throws {
        var writer = RunWriter(file: file)
        try table.forEachSorted { try writer.add($0, $1) }
        runs.append((try writer.finish(), 0))
        try mergeTiers()
    }

    /// While the newest runs hold `SearchLimits.runsMerged` of one tier, merges them into one of the next.
    private func mergeTiers() throws {
        while let tier = runs.last?.tier {
            let sameTier = runs.reversed().prefix { $0.tier == tier }.count
            guard sameTier >= SearchLimits.runsMerged else { return }
            let merging = runs.suffix(sameTier).map(\.records)
            var writer = RunWriter(file: file)
            var merge = try Merge(file: file, runs: merging)
            while let (term, postings) = try merge.next() { try writer.add(term, postings) }
            runs.removeLast(sameTier)
            runs.append((try writer.finish(), tier + 1))
        }
    }

    /// Every term in byte order and all its postings, in ordinal order, one at a time.
    func merged() throws -> Merge {
        try Merge(file: file, runs: runs.map(\.records))
    }

    /// A k-way merge of runs: their heads are kept in a heap, so a term costs a logarithm of the runs.
    struct Merge {
        private var readers: [RunReader]
        private var pending: [[UInt32]]
        private var heap = RunHeads()

        /// - Parameter runs: the runs' records, oldest first.
        fileprivate init(file: SpillFile, runs: [Range<Int>]) throws {
            readers = runs.map { RunReader(file: file, records: $0) }
            pending = Array(repeating: [], count: readers.count)
            for run in readers.indices {
                guard let head = try readers[run].next() else { continue }
                pending[run] = head.postings
                heap.push(head.term, run: run)
            }
        }

        /// The next term and all its postings, or nil after the last.
        mutating func next() throws -> (term: [UInt8], postings: [UInt32])? {
            guard let (term, run) = heap.pop() else { return nil }
            var postings = pending[run]
            var merged = [run]
            // Equal terms leave the heap in run order, which is gallery order.
            while heap.first?.term == term, let (_, next) = heap.pop() {
                postings += pending[next]
                merged.append(next)
            }
            for run in merged {
                pending[run] = []
                guard let head = try readers[run].next() else { continue }
                pending[run] = head.postings
                heap.push(head.term, run: run)
            }
            return (term, postings)
        }
    }

    /// A min-heap of the runs' next terms, by term and then by run.
    fileprivate struct RunHeads {
        private var items: [(term: [UInt8], run: Int)] = []

        var first: (term: [UInt8], run: Int)? { items.first }

        private func less(_ one: Int, _ other: Int) -> Bool {
            let (a, b) = (items[one], items[other])
            return a.term == b.term ? a.run < b.run : SearchRuns.less(a.term, b.term)
        }

        mutating func push(_ term: [UInt8], run: Int) {
            items.append((term, run))
            var child = items.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard less(child, parent) else { break }
                items.swapAt(child, parent)
                child = parent
            }
        }

        mutating func pop() -> (term: [UInt8], run: Int)? {
            guard !items.isEmpty else { return nil }
            items.swapAt(0, items.count - 1)
            let top = items.removeLast()
            var parent = 0
            while true {
                let left = 2 * parent + 1
                guard left < items.count else { break }
                let right = left + 1
                let child = right < items.count && less(right, left) ? right : left
                guard less(child, parent) else { break }
                items.swapAt(child, parent)
                parent = child
            }
            return top
        }
    }

    /// Byte order, which is the order of Unicode scalars.
    static func less(_ one: [UInt8], _ other: [UInt8]) -> Bool {
        one.lexicographicallyPrecedes(other)
    }

    /// Writes one run's terms, in byte order, a block at a time.
    private struct RunWriter {
        let file: SpillFile
        let start: Int
        var block: [UInt8] = []

        init(file: SpillFile) {
            self.file = file
            start = file.count
        }

        mutating func add(_ term: some Collection<UInt8>, _ postings: [UInt32]) throws {
            Varint.write(UInt64(term.count), into: &block)
            block += term
            Varint.write(UInt64(postings.count), into: &block)
            for value in postings { Varint.write(UInt64(value), into: &block) }
            if block.count >= SearchLimits.blockBytes {
                try file.append(block)
                block.removeAll(keepingCapacity: true)
            }
        }

        /// - Returns: the run's records.
        mutating func finish() throws -> Range<Int> {
            if !block.isEmpty { try file.append(block) }
            block = []
            return start..<file.count
        }
    }

    /// Reads one run's terms back, a block at a time.
    fileprivate struct RunReader {
        let file: SpillFile
        var records: Range<Int>
        var block: [UInt8] = []
        var offset = 0

        init(file: SpillFile, records: Range<Int>) {
            self.file = file
            self.records = records
        }

        mutating func next() throws -> (term: [UInt8], postings: [UInt32])? {
            if offset >= block.count {
                guard let record = records.first else { return nil }
                records = records.dropFirst()
                block = try file.read(record)
                offset = 0
            }
            let length = Int(try Varint.read(block, at: &offset))
            guard offset + length <= block.count else { throw SearchIndexError("a spilled run is cut short") }
            let term = Array(block[offset..<offset + length])
            offset += length
            let count = Int(try Varint.read(block, at: &offset))
            var postings: [UInt32] = []
            postings.reserveCapacity(count)
            for _ in 0..<count { postings.append(UInt32(truncatingIfNeeded: try Varint.read(block, at: &offset))) }
            return (term, postings)
        }
    }
}

/// Unsigned LEB128 numbers.
enum Varint {
    static func write(_ value: UInt64, into bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    static func read(_ bytes: [UInt8], at offset: inout Int) throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        throw SearchIndexError("a number in a spilled run is cut short")
    }
}
