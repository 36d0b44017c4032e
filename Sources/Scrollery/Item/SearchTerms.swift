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

    /// Each term once, in the order first met.
    let entries: [Entry]
    /// The item's length in terms (title and description), at most 65,535.
    let length: UInt32

    /// - Parameters:
    ///   - title: the title's text, or empty when titles are not indexed.
    ///   - body: the description's plain text, or empty when descriptions are not indexed.
    init(title: String, body: String) {
        // Both fields folded into one buffer, each term a span of it, counted in an open-addressing table
        // of the spans' digests: only a distinct term is copied out of the buffer.
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
        var slots = 16
        while slots < 2 * spans.count { slots *= 2 }
        // Each slot: the place of its term in `entries`, or -1.
        var table = [Int32](repeating: -1, count: slots)
        var digests: [UInt64] = []
        folded.withUnsafeBufferPointer { bytes in
            guard let start = bytes.baseAddress else { return }
            for span in spans {
                let term = UnsafeBufferPointer(start: start + span.start, count: span.end - span.start)
                let digest = SearchTerm.digest(of: term)
                var slot = Int(truncatingIfNeeded: digest) & (slots - 1)
                var place = -1
                while table[slot] >= 0 {
                    let known = Int(table[slot])
                    if digests[known] == digest, entries[known].term.bytes.elementsEqual(term) {
                        place = known
                        break
                    }
                    slot = (slot + 1) & (slots - 1)
                }
                if place < 0 {
                    place = entries.count
                    table[slot] = Int32(place)
                    digests.append(digest)
                    entries.append(Entry(term: SearchTerm(term, digest: digest), title: 0, body: 0))
                }
                if span.inTitle { entries[place].title += 1 } else { entries[place].body += 1 }
            }
        }
        self.entries = entries
        self.length = UInt32(min(spans.count, 65_535))
    }
}
