import Foundation
import ScrolleryIO

/// A common term's postings, which no shard holds whole: its shard keeps the best
/// `SearchLimits.topPostings` (what a one-word query shows first), and page files
/// `search/index/g-<fingerprint>.json` hold all of them, `SearchLimits.pagePostings` a file in ordinal
/// order, so a query that must check given items loads only the pages whose ranges hold them.
///
/// "Best" is the order `search.js` ranks one term's items in: title matches first, then the BM25 score
/// (computed with the same operations on the same numbers), then the gallery's order.
enum SearchPostingPages {
    /// One page file and the first and last ordinal it holds.
    struct Page {
        let first: UInt32
        let last: UInt32
        let file: String
    }

    /// Whether a term with `count` postings is split: kept whole in its shard up to `inlinePostings`.
    static func isSplit(count: Int) -> Bool { count > SearchLimits.inlinePostings }

    /// The best `SearchLimits.topPostings` of `postings` (four numbers each, in ordinal order), in ordinal
    /// order.
    static func top(of postings: [UInt32], items: Int, averageLength: Int) -> [UInt32] {
        best(
            SearchLimits.topPostings, of: postings, documents: postings.count / 4, items: items,
            averageLength: averageLength)
    }

    /// The ordinals of a term's first `SearchLimits.firstResults` results, in ordinal order: the cards a
    /// one-word query shows first. `postings` are the term's (or, for a split term, its `top`), and
    /// `documents` how many items it is in.
    static func lead(of postings: [UInt32], documents: Int, items: Int, averageLength: Int) -> [UInt32] {
        let kept =
            postings.count / 4 <= SearchLimits.firstResults
            ? postings
            : best(
                SearchLimits.firstResults, of: postings, documents: documents, items: items,
                averageLength: averageLength)
        return stride(from: 0, to: kept.count - 3, by: 4).map { kept[$0] }
    }

    /// The best `keep` of `postings` (four numbers each, in ordinal order) of a term in `documents` items, in
    /// ordinal order. Kept in a heap whose root is the worst kept, so it takes that much memory however many
    /// postings the term has.
    static func best(_ keep: Int, of postings: [UInt32], documents: Int, items: Int, averageLength: Int) -> [UInt32] {
        let score = BM25(items: items, documents: documents, averageLength: averageLength)
        var kept = WorstFirst(capacity: keep)
        var base = 0
        while base + 3 < postings.count {
            let ranked = Ranked(
                inTitle: postings[base + 1] > 0,
                score: score.of(title: postings[base + 1], body: postings[base + 2], length: postings[base + 3]),
                index: base / 4)
            if kept.admits(ranked) { kept.offer(ranked) }
            base += 4
        }
        var top: [UInt32] = []
        top.reserveCapacity(kept.items.count * 4)
        for index in kept.items.map(\.index).sorted() {
            top.append(contentsOf: postings[(index * 4)..<(index * 4 + 4)])
        }
        return top
    }

    /// A posting's place in a one-word ranking.
    struct Ranked {
        let inTitle: Bool
        let score: Double
        let index: Int

        /// Whether this ranks before `other`: a title match, then a higher score, then earlier.
        @inline(__always)
        func isBetter(than other: Ranked) -> Bool {
            if inTitle != other.inTitle { return inTitle }
            return score != other.score ? score > other.score : index < other.index
        }
    }

    /// The best `capacity` postings offered, in a heap with the worst of them at the root.
    struct WorstFirst {
        let capacity: Int
        private(set) var items: [Ranked] = []

        init(capacity: Int) { self.capacity = capacity }

        /// Whether `item` would be kept: there is room, or it is better than the worst kept.
        @inline(__always)
        func admits(_ item: Ranked) -> Bool {
            items.count < capacity || item.isBetter(than: items[0])
        }

        mutating func offer(_ item: Ranked) {
            if items.count < capacity {
                items.append(item)
                var child = items.count - 1
                while child > 0 {
                    let parent = (child - 1) / 2
                    guard items[parent].isBetter(than: items[child]) else { break }
                    items.swapAt(child, parent)
                    child = parent
                }
            } else if let worst = items.first, item.isBetter(than: worst) {
                items[0] = item
                var parent = 0
                while true {
                    let left = 2 * parent + 1
                    guard left < items.count else { break }
                    let right = left + 1
                    let child = right < items.count && items[left].isBetter(than: items[right]) ? right : left
                    guard items[parent].isBetter(than: items[child]) else { break }
                    items.swapAt(child, parent)
                    parent = child
                }
            }
        }
    }

    /// `postings` as page files, each with its path in the output; each page's ordinals are differences,
    /// the first from 0. Nothing is written: `SearchShardWriter` writes them, in order.
    static func pages(of postings: [UInt32]) -> [(page: Page, path: String, bytes: [UInt8])] {
        var pages: [(page: Page, path: String, bytes: [UInt8])] = []
        var start = 0
        while start < postings.count {
            let end = min(start + SearchLimits.pagePostings * 4, postings.count)
            var bytes: [UInt8] = []
            SearchJSON.postings(postings[start..<end], into: &bytes)
            bytes.append(UInt8(ascii: "\n"))
            let path = SearchIndexBuilder.fingerprintedPath(of: bytes, prefix: "g", folder: "search/index")
            let page = Page(first: postings[start], last: postings[end - 4], file: SearchIndexBuilder.relative(path))
            pages.append((page, path, bytes))
            start = end
        }
        return pages
    }

    /// BM25 as `search.js` computes it for one term: `k1` 1.2, `b` 0.75, title words counted twice.
    struct BM25 {
        let idf: Double
        let averageLength: Double

        init(items: Int, documents: Int, averageLength: Int) {
            let n = Double(items)
            let df = Double(documents)
            idf = log(1 + (n - df + 0.5) / (df + 0.5))
            self.averageLength = Double(max(averageLength, 1))
        }

        func of(title: UInt32, body: UInt32, length: UInt32) -> Double {
            let tf = 2 * Double(title) + Double(body)
            return idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * Double(length) / averageLength))
        }
    }
}
