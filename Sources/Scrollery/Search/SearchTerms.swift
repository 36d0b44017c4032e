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
        var places: [SearchTerm: Int] = [:]
        var entries: [Entry] = []
        var length = 0
        for (text, inTitle) in [(title, true), (body, false)] where !text.isEmpty {
            let folded = SearchText.foldedUTF8(text)
            let ranges = SearchText.termRanges(inFolded: folded)
            length += ranges.count
            for range in ranges {
                let term = SearchTerm(folded[range])
                let place: Int
                if let known = places[term] {
                    place = known
                } else {
                    place = entries.count
                    places[term] = place
                    entries.append(Entry(term: term, title: 0, body: 0))
                }
                if inTitle { entries[place].title += 1 } else { entries[place].body += 1 }
            }
        }
        self.entries = entries
        self.length = UInt32(min(length, 65_535))
    }
}
