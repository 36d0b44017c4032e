import Foundation
import ScrolleryCore

/// An item's words for the search index, counted per field: made by the mapper on the enrich stage's
/// workers, so the build's loop only adds them to the postings. Each distinct term is kept once, its bytes
/// in one buffer.
struct SearchTerms: Sendable, Equatable {
    /// A term, where its bytes end in `bytes` (they start where the entry before ends), its
    /// `SearchTerm.digest`, and how often it is in the title and in the description.
    struct Entry: Sendable, Equatable {
        fileprivate(set) var end: UInt32
        let digest: UInt64
        var title: UInt32
        var body: UInt32
    }

    /// The distinct terms' bytes, one after another, in the order first met.
    let bytes: [UInt8]
    /// Each term once, in the order first met.
    let entries: [Entry]
    /// The item's length in terms (title and description), at most 65,535.
    let length: UInt32

    /// - Parameters:
    ///   - title: the title's text, or empty when titles are not indexed.
    ///   - body: the description's plain text, or empty when descriptions are not indexed.
    init(title: String, body: String) {
        // Both fields folded into one buffer, each term a range of it, counted in an open-addressing table
        // of the ranges' digests: only a distinct term is copied out of the buffer.
        var folded: [UInt8] = []
        let titleTerms = title.isEmpty ? [] : SearchText.appendFoldedTerms(of: title, to: &folded)
        let bodyTerms = body.isEmpty ? [] : SearchText.appendFoldedTerms(of: body, to: &folded)
        let count = titleTerms.count + bodyTerms.count
        var slots = 16
        while slots < 2 * count { slots *= 2 }
        // Each slot: the place of its term in `entries`, or -1.
        var table = [Int32](repeating: -1, count: slots)
        // Each distinct term's first range in `folded`, its digest and counts.
        var firsts: [Range<Int>] = []
        var entries: [Entry] = []
        folded.withUnsafeBufferPointer { folded in
            guard let base = folded.baseAddress else { return }
            for (ranges, inTitle) in [(titleTerms, true), (bodyTerms, false)] {
                for range in ranges {
                    let term = UnsafeBufferPointer(rebasing: folded[range])
                    let digest = SearchTerm.digest(of: term)
                    var slot = Int(truncatingIfNeeded: digest) & (slots - 1)
                    var place = -1
                    while table[slot] >= 0 {
                        let known = Int(table[slot])
                        if entries[known].digest == digest, firsts[known].count == range.count,
                            memcmp(base + firsts[known].lowerBound, base + range.lowerBound, range.count) == 0
                        {
                            place = known
                            break
                        }
                        slot = (slot + 1) & (slots - 1)
                    }
                    if place < 0 {
                        place = entries.count
                        table[slot] = Int32(place)
                        firsts.append(range)
                        entries.append(Entry(end: 0, digest: digest, title: 0, body: 0))
                    }
                    if inTitle { entries[place].title += 1 } else { entries[place].body += 1 }
                }
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(firsts.reduce(0) { $0 + $1.count })
        for (place, range) in firsts.enumerated() {
            bytes += folded[range]
            entries[place].end = UInt32(bytes.count)
        }
        self.bytes = bytes
        self.entries = entries
        self.length = UInt32(min(count, 65_535))
    }
}
