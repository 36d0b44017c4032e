/// One term's entry in its shard, and the page files of a split term, made from its postings. Making it
/// writes nothing, so entries are made in parallel while the merge goes on; `SearchShardWriter` writes
/// them in order.
///
/// A term of more than `SearchLimits.inlinePostings` items is held as `[term, best, count, pages]`: its best
/// postings, how many it has, and the page files that hold them all (`SearchPostingPages`); any other term
/// as `[term, postings]`.
struct SearchShardEntry: Sendable {
    let term: [UInt8]
    /// Whether the term starts a shard of its own (`SearchShardWriter`'s rule).
    let startsShard: Bool
    /// The entry's JSON.
    let bytes: [UInt8]
    /// The page files of a split term, in order.
    let pages: [(path: String, bytes: [UInt8])]
    /// How many items the term is in.
    let documents: Int
    /// The ordinals of its first results (`SearchPostingPages.lead`), whose cards its shard may carry.
    let lead: [UInt32]

    /// - Parameters:
    ///   - postings: four numbers each: ordinal, title count, description count, length.
    ///   - items: the gallery's items, and `averageLength` their average length: what BM25 ranks by.
    init(term: [UInt8], postings: [UInt32], startsShard: Bool, items: Int, averageLength: Int) {
        self.term = term
        self.startsShard = startsShard
        var bytes: [UInt8] = []
        bytes.append(UInt8(ascii: "["))
        SearchJSON.string(utf8: term, into: &bytes)
        bytes.append(UInt8(ascii: ","))
        let count = postings.count / 4
        documents = count
        guard SearchPostingPages.isSplit(count: count) else {
            SearchJSON.postings(postings[...], into: &bytes)
            bytes.append(UInt8(ascii: "]"))
            self.bytes = bytes
            pages = []
            lead = SearchPostingPages.lead(
                of: postings, documents: count, items: items, averageLength: averageLength)
            return
        }
        let top = SearchPostingPages.top(of: postings, items: items, averageLength: averageLength)
        lead = SearchPostingPages.lead(of: top, documents: count, items: items, averageLength: averageLength)
        let pages = SearchPostingPages.pages(of: postings)
        SearchJSON.postings(top[...], into: &bytes)
        bytes.append(UInt8(ascii: ","))
        SearchJSON.number(count, into: &bytes)
        SearchJSON.raw(",[", into: &bytes)
        for (position, page) in pages.map(\.page).enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "["))
            SearchJSON.number(page.first, into: &bytes)
            bytes.append(UInt8(ascii: ","))
            SearchJSON.number(page.last, into: &bytes)
            bytes.append(UInt8(ascii: ","))
            SearchJSON.string(page.file, into: &bytes)
            bytes.append(UInt8(ascii: "]"))
        }
        SearchJSON.raw("]]", into: &bytes)
        self.bytes = bytes
        self.pages = pages.map { ($0.path, $0.bytes) }
    }

    /// The entries of `terms`, in order.
    static func make(_ terms: [SearchShardWriter.Term], items: Int, averageLength: Int) -> [SearchShardEntry] {
        terms.map {
            SearchShardEntry(
                term: $0.term, postings: $0.postings, startsShard: $0.startsShard, items: items,
                averageLength: averageLength)
        }
    }
}
