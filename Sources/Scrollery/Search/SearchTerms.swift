import ScrolleryCore

/// An item's words for the search index, counted per field: made by the mapper on the enrich stage's
/// workers, so the build's loop only adds them to the postings.
struct SearchTerms: Sendable, Equatable {
    /// A term and how often it is in the title and in the description.
    struct Entry: Sendable, Equatable {
        let term: String
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
        let titleTerms = SearchText.terms(in: title)
        let bodyTerms = SearchText.terms(in: body)
        var places: [String: Int] = [:]
        var entries: [Entry] = []
        for (term, inTitle) in titleTerms.lazy.map({ ($0, true) }) + bodyTerms.lazy.map({ ($0, false) }) {
            let place =
                places[term]
                ?? {
                    entries.append(Entry(term: term, title: 0, body: 0))
                    places[term] = entries.count - 1
                    return entries.count - 1
                }()
            if inTitle { entries[place].title += 1 } else { entries[place].body += 1 }
        }
        self.entries = entries
        length = UInt32(min(titleTerms.count + bodyTerms.count, 65_535))
    }
}
