import Foundation
import ScrolleryCore

/// An item's words for the search index, counted per field: made by the mapper on the enrich stage's
/// workers, so the build's loop only adds them to the postings.
struct SearchTerms: Sendable, Equatable {
    /// A term and how often it is in the title and in the description.
    struct Entry: Sendable, Equatable {
        let term: SearchTerm
        var title: UInt32
        var body: UInt32
    }

    /// Each term once, in byte order.
    let entries: [Entry]
    /// The item's length in terms (title and description), at most 65,535.
    let length: UInt32

    /// - Parameters:
    ///   - title: the title's text, or empty when titles are not indexed.
    ///   - body: the description's plain text, or empty when descriptions are not indexed.
    init(title: String, body: String) {
        // Both fields folded into one buffer; each term a span of it, counted by sorting the spans by
        // their bytes, so only a distinct term is copied out.
        var folded: [UInt8] = []
        var spans: [(start: Int, end: Int, inTitle: Bool)] = []
        for (text, inTitle) in [(title, true), (body, false)] where !text.isEmpty {
            let field = SearchText.foldedUTF8(text)
            let base = folded.count
            for range in SearchText.termRanges(inFolded: field) {
                spans.append((base + range.lowerBound, base + range.upperBound, inTitle))
            }
            folded += field
        }
        var entries: [Entry] = []
        folded.withUnsafeBufferPointer { bytes in
            guard let start = bytes.baseAddress else { return }
            func order(_ one: (start: Int, end: Int, inTitle: Bool), _ other: (start: Int, end: Int, inTitle: Bool))
                -> Int32
            {
                let (oneCount, otherCount) = (one.end - one.start, other.end - other.start)
                let common = memcmp(start + one.start, start + other.start, min(oneCount, otherCount))
                return common != 0 ? common : Int32(oneCount - otherCount)
            }
            spans.sort { order($0, $1) < 0 }
            for (index, span) in spans.enumerated() {
                if index == 0 || order(spans[index - 1], span) != 0 {
                    entries.append(Entry(term: SearchTerm(bytes[span.start..<span.end]), title: 0, body: 0))
                }
                if span.inTitle { entries[entries.count - 1].title += 1 } else { entries[entries.count - 1].body += 1 }
            }
        }
        self.entries = entries
        self.length = UInt32(min(spans.count, 65_535))
    }
}
