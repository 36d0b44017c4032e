import Foundation
import ScrolleryCore

/// An item's words for the search index, counted per field: made by the mapper on the enrich stage's
/// workers, so the build's loop only adds them to the postings. Each distinct term is kept once, its bytes
/// in one buffer.
package struct SearchTerms: Sendable, Equatable {
    /// A term, where its bytes end in `bytes` (they start where the entry before ends), its
    /// `SearchTerm.digest`, and how often it is in the title and in the description.
    struct Entry: Sendable, Equatable {
        let end: UInt32
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
    package init(title: String, body: String) {
        // Both fields folded into one buffer, each term a range of it, counted through a set of the
        // distinct terms: only a distinct term is copied out of the buffer.
        var folded: [UInt8] = []
        let titleTerms = title.isEmpty ? [] : SearchText.appendFoldedTerms(of: title, to: &folded)
        let bodyTerms = body.isEmpty ? [] : SearchText.appendFoldedTerms(of: body, to: &folded)
        let count = titleTerms.count + bodyTerms.count
        var distinct = SearchTermSet(capacity: count)
        var entries: [Entry] = []
        folded.withUnsafeBufferPointer { folded in
            for (ranges, inTitle) in [(titleTerms, true), (bodyTerms, false)] {
                for range in ranges {
                    let term = UnsafeBufferPointer(rebasing: folded[range])
                    let digest = SearchTerm.digest(of: term)
                    let (place, isNew) = distinct.insert(term, digest: digest)
                    if isNew { entries.append(Entry(end: distinct.ends[place], digest: digest, title: 0, body: 0)) }
                    if inTitle { entries[place].title += 1 } else { entries[place].body += 1 }
                }
            }
        }
        self.bytes = distinct.bytes
        self.entries = entries
        self.length = UInt32(min(count, 65_535))
    }
}
