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
        let count = postings.count / 4
        let score = BM25(items: items, documents: count, averageLength: averageLength)
        var ranked = (0..<count).map { index -> (inTitle: Bool, score: Double, index: Int) in
            let base = index * 4
            return (
                postings[base + 1] > 0,
                score.of(title: postings[base + 1], body: postings[base + 2], length: postings[base + 3]), index
            )
        }
        ranked.sort {
            $0.inTitle != $1.inTitle ? $0.inTitle : $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index
        }
        var kept = ranked.prefix(SearchLimits.topPostings).map(\.index)
        kept.sort()
        var top: [UInt32] = []
        top.reserveCapacity(kept.count * 4)
        for index in kept { top.append(contentsOf: postings[(index * 4)..<(index * 4 + 4)]) }
        return top
    }

    /// Writes `postings` as page files; each page's ordinals are differences, the first from 0.
    static func write(_ postings: [UInt32], into output: inout OutputWriter) throws -> [Page] {
        var pages: [Page] = []
        var start = 0
        var bytes: [UInt8] = []
        while start < postings.count {
            let end = min(start + SearchLimits.pagePostings * 4, postings.count)
            bytes.removeAll(keepingCapacity: true)
            SearchJSON.postings(postings[start..<end], into: &bytes)
            bytes.append(UInt8(ascii: "\n"))
            let file = try SearchIndexBuilder.writeFingerprinted(
                bytes, prefix: "g", folder: "search/index", into: &output)
            pages.append(Page(first: postings[start], last: postings[end - 4], file: file))
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
