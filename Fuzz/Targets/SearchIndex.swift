@testable import ScrolleryCore
@testable import ScrollerySearch

/// Any bytes as a search index: a root, a term shard and a page of postings (the input's parts between
/// zero bytes; a file of cards reads as the shard's part). Reading it never crashes or hangs; a term whose
/// entry has no pages reads as that entry's postings, and a word found is found in every shard that the
/// root says holds it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearchIndex(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let parts = UnsafeBufferPointer(start: start, count: count).split(
        separator: 0, maxSplits: 2, omittingEmptySubsequences: false
    ).map(Array.init)
    func part(_ index: Int) -> [UInt8] { index < parts.count ? parts[index] : [] }
    let files: (String) throws -> [UInt8] = { path in
        path == "index.json" ? part(0) : path.hasPrefix("index/g-") ? part(2) : part(1)
    }
    guard let reader = try? SearchIndexReader(file: files) else { return 0 }
    for shard in reader.shards.prefix(4) {
        for term in [shard.first, shard.last] {
            guard let entry = try? reader.entry(of: term) else { continue }
            if entry.pages.isEmpty, let postings = try? reader.postings(of: term), postings != entry.postings {
                fatalError("\(term.debugDescription) reads as \(postings), its entry holds \(entry.postings)")
            }
        }
    }
    if let shard = reader.shards.first, let cards = try? reader.carriedCards(in: shard.file) {
        for ordinal in cards.keys.sorted().prefix(4) { _ = try? reader.card(ordinal) }
    }
    _ = try? reader.find("a b harbour 東京")
    return 0
}
