import ScrolleryIO

/// Cuts the merged terms, in byte order, into shard files `search/index/t-<fingerprint>.json`, each with
/// the cards of its terms' first results (`cards`, each at most `SearchLimits.carriedCardBytes`), so a
/// one-word query draws them with no file of cards.
///
/// A shard is cut before a term when it holds at least `target` postings and the term's hash ends in three
/// zero bits, or when it holds four times `target`: where a shard ends depends on the terms near the cut,
/// not on everything before it, so a change to a few terms leaves the other shards as they were. `target`
/// is `SearchLimits.minPostingsPerShard`, doubled until the gallery's postings make at most about
/// `SearchLimits.maxShards` shards or it reaches `SearchLimits.maxPostingsPerShard` (a power of two, so it
/// stays the same as a gallery grows a little).
struct SearchShardWriter {
    /// A written file and the range of keys it holds.
    struct Shard {
        let first: String
        let last: String
        let file: String
    }

    /// A term and its postings (four numbers each: ordinal, title count, description count, length), and
    /// whether it starts a shard.
    typealias Term = (term: [UInt8], postings: [UInt32], startsShard: Bool)

    let target: Int
    private(set) var written: [Shard] = []
    /// The terms of the next batch to hand out, and their numbers.
    private var batch: [Term] = []
    private var batchNumbers = 0
    /// The postings of the shard being cut, counted as its file holds them.
    private var held = 0
    /// The batches handed out by `add` and `finish`, those written, and those made but waiting for one
    /// before them.
    private var handedOut = 0
    private var batchesWritten = 0
    private var waiting: [Int: [SearchShardEntry]] = [:]
    /// The shard being written: its JSON so far, its first and last term, and its terms' first results.
    private var bytes: [UInt8] = []
    private var first: [UInt8] = []
    private var last: [UInt8] = []
    private var leads: [(documents: Int, ordinals: [UInt32])] = []

    /// The batches handed out and not yet written.
    var unwritten: Int { handedOut - batchesWritten }

    /// A writer for a gallery whose index holds `totalPostings` postings in all.
    init(totalPostings: Int) {
        var target = SearchLimits.minPostingsPerShard
        while totalPostings / target > SearchLimits.maxShards, target < SearchLimits.maxPostingsPerShard {
            target *= 2
        }
        self.target = target
    }

    /// Adds the next term, in byte order, and decides whether it starts a shard. A split term
    /// (`SearchPostingPages.isSplit`) counts for the best postings its shard keeps.
    /// - Returns: a batch of terms, once they hold `SearchLimits.pagePostings` postings or more, with its
    ///   number, to be made into entries (`SearchShardEntry.make`) and given back to `write`.
    mutating func add(_ term: [UInt8], _ postings: [UInt32]) -> (number: Int, terms: [Term])? {
        let startsShard = held > 0 && ((held >= target && Self.hash(term) & 7 == 0) || held >= 4 * target)
        if startsShard { held = 0 }
        let count = postings.count / 4
        held += SearchPostingPages.isSplit(count: count) ? min(count, SearchLimits.topPostings) : count
        batch.append((term, postings, startsShard))
        batchNumbers += postings.count
        return batchNumbers >= SearchLimits.pagePostings ? handOut() : nil
    }

    /// - Returns: the last batch, if there is one.
    mutating func finish() -> (number: Int, terms: [Term])? {
        batch.isEmpty ? nil : handOut()
    }

    private mutating func handOut() -> (number: Int, terms: [Term]) {
        defer {
            batch = []
            batchNumbers = 0
            handedOut += 1
        }
        return (handedOut, batch)
    }

    /// Takes the entries of the batch numbered `number` and writes every batch whose turn has come, in
    /// order: a shard's file when the next term starts another, and a split term's page files. `card`
    /// gives the JSON of the card of an item, by its ordinal.
    mutating func write(
        _ entries: [SearchShardEntry], number: Int, into files: inout SearchFiles, card: (UInt32) throws -> [UInt8]
    ) throws {
        waiting[number] = entries
        while let next = waiting.removeValue(forKey: batchesWritten) {
            for entry in next {
                if entry.startsShard { try flush(into: &files, card: card) }
                if bytes.isEmpty {
                    SearchJSON.raw(#"{"terms":["#, into: &bytes)
                    first = entry.term
                } else {
                    bytes.append(UInt8(ascii: ","))
                }
                bytes += entry.bytes
                last = entry.term
                leads.append((entry.documents, entry.lead))
                for page in entry.pages { try files.write(page.bytes, to: page.path) }
            }
            batchesWritten += 1
        }
    }

    /// Writes the last shard, once every batch is written.
    mutating func close(into files: inout SearchFiles, card: (UInt32) throws -> [UInt8]) throws {
        try flush(into: &files, card: card)
    }

    private mutating func flush(into files: inout SearchFiles, card: (UInt32) throws -> [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        SearchJSON.raw(#"],"cards":["#, into: &bytes)
        var cardsWritten = 0
        for ordinal in Self.carried(leads) {
            let json = try card(ordinal)
            guard json.count <= SearchLimits.carriedCardBytes else { continue }
            if cardsWritten > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "["))
            SearchJSON.number(Int(ordinal), into: &bytes)
            bytes.append(UInt8(ascii: ","))
            bytes += json
            bytes.append(UInt8(ascii: "]"))
            cardsWritten += 1
        }
        leads.removeAll(keepingCapacity: true)
        SearchJSON.raw("]}\n", into: &bytes)
        let file = try SearchIndexBuilder.writeFingerprinted(bytes, prefix: "t", folder: "search/index", into: &files)
        written.append(
            Shard(
                first: String(decoding: first, as: UTF8.self), last: String(decoding: last, as: UTF8.self), file: file))
        bytes.removeAll(keepingCapacity: true)
    }

    /// The items whose cards a shard carries, in ordinal order: its terms' first results, the commonest
    /// terms first (ties in term order), each term's whole or not at all, up to `SearchLimits.cardsPerShard`.
    static func carried(_ leads: [(documents: Int, ordinals: [UInt32])]) -> [UInt32] {
        var carried = Set<UInt32>()
        let commonestFirst = leads.indices.sorted {
            leads[$0].documents != leads[$1].documents ? leads[$0].documents > leads[$1].documents : $0 < $1
        }
        for index in commonestFirst {
            let new = leads[index].ordinals.filter { !carried.contains($0) }
            if carried.count + new.count > SearchLimits.cardsPerShard { continue }
            carried.formUnion(new)
        }
        return carried.sorted()
    }

    /// FNV-1a, 32 bits: the same on every machine and every run.
    static func hash(_ bytes: [UInt8]) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }
}

/// What a typed prefix of one or two letters stands for: for each such prefix that starts more than
/// `SearchLimits.prefixTerms` terms, the `prefixTerms` terms with the most items (ties in term order), so a
/// visitor's first letter loads a few shards, never the whole index. A prefix with fewer terms has no
/// entry: they are all read from the shards that hold its range.
struct SearchPrefixTable {
    private struct Group {
        let prefix: [UInt8]
        var count = 0
        var top: [(documents: Int, term: [UInt8])] = []
    }

    private var groups: [Group?] = [nil, nil]
    private var entries: [(prefix: [UInt8], terms: [[UInt8]])] = []

    /// Adds the next term, in byte order, found in `documents` items. Filter terms (`!…`) are left out.
    mutating func add(_ term: [UInt8], documents: Int) {
        guard term.first != UInt8(ascii: "!") else { return }
        var scalarEnds: [Int] = []
        for (offset, byte) in term.enumerated() where offset > 0 && !UTF8.isContinuation(byte) {
            scalarEnds.append(offset)
            if scalarEnds.count == 2 { break }
        }
        scalarEnds.append(term.count)
        for length in 0..<2 where length < scalarEnds.count {
            let prefix = Array(term[..<scalarEnds[length]])
            if length == 1, scalarEnds[1] == scalarEnds[0] { continue }
            if groups[length]?.prefix != prefix {
                close(length)
                groups[length] = Group(prefix: prefix)
            }
            groups[length]?.count += 1
            if var group = groups[length] {
                let place = group.top.firstIndex { $0.documents < documents } ?? group.top.count
                if place < SearchLimits.prefixTerms {
                    group.top.insert((documents, term), at: place)
                    if group.top.count > SearchLimits.prefixTerms { group.top.removeLast() }
                }
                groups[length] = group
            }
        }
    }

    private mutating func close(_ length: Int) {
        guard let group = groups[length], group.count > SearchLimits.prefixTerms else { return }
        entries.append((group.prefix, group.top.map(\.term)))
    }

    /// Writes the table in files of `SearchLimits.prefixesPerFile` entries, `search/index/p-<fingerprint>.json`.
    /// - Returns: each file and its range of prefixes.
    mutating func write(into files: inout SearchFiles) throws -> [SearchShardWriter.Shard] {
        close(0)
        close(1)
        groups = [nil, nil]
        entries.sort { SearchRuns.less($0.prefix, $1.prefix) }
        var shards: [SearchShardWriter.Shard] = []
        var start = 0
        while start < entries.count {
            let slice = entries[start..<min(start + SearchLimits.prefixesPerFile, entries.count)]
            var bytes: [UInt8] = []
            SearchJSON.raw(#"{"prefixes":["#, into: &bytes)
            for (index, entry) in slice.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(UInt8(ascii: "["))
                SearchJSON.string(utf8: entry.prefix, into: &bytes)
                SearchJSON.raw(",[", into: &bytes)
                for (position, term) in entry.terms.enumerated() {
                    if position > 0 { bytes.append(UInt8(ascii: ",")) }
                    SearchJSON.string(utf8: term, into: &bytes)
                }
                SearchJSON.raw("]]", into: &bytes)
            }
            SearchJSON.raw("]}\n", into: &bytes)
            let file = try SearchIndexBuilder.writeFingerprinted(
                bytes, prefix: "p", folder: "search/index", into: &files)
            shards.append(
                .init(
                    first: String(decoding: slice.first?.prefix ?? [], as: UTF8.self),
                    last: String(decoding: slice.last?.prefix ?? [], as: UTF8.self), file: file))
            start += SearchLimits.prefixesPerFile
        }
        return shards
    }
}
