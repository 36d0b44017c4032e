/// The hard limits of search, documented in docs/search.md: what keeps a hostile source's index, and a
/// visitor's query, small and quick.
package enum SearchLimits {
    /// The bytes of one filter value; a longer one is cut.
    package static let valueBytes = 200
    /// The values of one filter that one item has; more are left out.
    package static let valuesPerItem = 64
    /// The distinct values of one filter that are counted and offered as facets (the first met); later
    /// values are still found through the address (`?tag=…`), but not listed.
    static let valuesCounted = 10_000
    /// The values of one filter listed on the search page, the most frequent first.
    static let valuesListed = 200
    /// Items per file of result cards.
    static let docsPerFile = 256
    /// About the bytes of postings held in memory before they are spilled to disk as a sorted run.
    static let bytesInMemory = 2 << 20
    /// Runs of one tier merged into one of the next (see `SearchRuns`).
    static let runsMerged = 32
    /// The fewest postings a term shard aims at; the target doubles until the shards are at most
    /// `maxShards` or so.
    static let minPostingsPerShard = 4_096
    /// The number of term shards the target aims under.
    static let maxShards = 1_000
    /// The most postings a term shard aims at, however large the gallery: what one query's shard costs.
    static let maxPostingsPerShard = 16_384
    /// The postings a term's shard holds whole; a term of more items is split (`SearchPostingPages`).
    static let inlinePostings = 2_048
    /// The best postings a split term's shard holds: what a one-word query ranks first.
    static let topPostings = 512
    /// The results a query shows first (`FIRST` in `search.js`): a shard carries the cards of its terms'
    /// first results, so a one-word query draws them with no file of cards.
    static let firstResults = 12
    /// The most cards a term shard carries: its commonest terms' first results, as many terms as fit.
    static let cardsPerShard = 1_024
    /// The bytes of the largest card a shard carries; a larger one (a hostile title) is read from its
    /// file of cards, so it does not swell every shard whose terms it is among the first results of.
    static let carriedCardBytes = 4_096
    /// Postings per page file of a split term.
    static let pagePostings = 32_768
    /// The terms a one- or two-letter prefix stands for: the most frequent.
    static let prefixTerms = 8
    /// The characters of the root's `glyphs`: one per script of the cards' titles (`SearchGlyphSample`).
    static let glyphSamples = 64
    /// Prefix entries per prefix file.
    static let prefixesPerFile = 2_000
    /// Bytes of one run block on disk.
    static let blockBytes = 1 << 16
}
