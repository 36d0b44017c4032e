import CAllocatorTuning
package import Foundation
import ScrolleryCore
package import ScrolleryIO

/// Builds the search index while the build streams, beside the pages: fed each chunk's documents in
/// gallery order, it writes the files of result cards as it goes, spills postings to disk in sorted runs,
/// and at the end merges the runs into term shards, writes the prefix files and the root
/// `search/index.json`, and returns the files written for the build to record. The `search/` page is the
/// pipeline's to render (`pagePath`, `facetNames`).
///
/// Every file but the root and the page is named by a fingerprint of its bytes, so hosts can cache it
/// forever; the same input gives the same bytes, and a shard whose terms' postings did not change keeps its
/// name and bytes (and so its modification time: it is written through the output store). See
/// docs/search.md for the format.
package actor SearchIndexBuilder {
    package static let rootPath = "search/index.json"
    package static let pagePath = "search/index.html"

    private let config: SearchConfig
    private let runs: SearchRuns
    private var files: SearchFiles
    private var postings = SearchPostingTable()
    /// A filter value's term (`facetTerm`), made here.
    private var facetBytes: [UInt8] = []
    private var totalPostings = 0
    private var totalLength = 0
    private var ordinal = 0
    private var docs: [UInt8] = []
    private var docsHeld = 0
    /// Where each card of `docs` starts and ends.
    private var cardRanges: [Range<Int>] = []
    /// Every card written: what the shards carry of their terms' first results.
    private let cards: SearchCardStore
    private var docFiles: [String] = []
    /// A character of each script of the cards' titles, for `search.js` to find the fonts of early.
    private var glyphs = SearchGlyphSample()
    private var facetCounts: [[String: Int]]
    /// The facets' names: the config's filters, then `date` when the site has sections and no filter of
    /// that name (its values are section keys, listed newest first with their headings).
    package nonisolated let facetNames: [String]
    private let hasDateFacet: Bool
    /// The heading of each section key met, for the `date` facet.
    private var sectionHeadings: [String: String] = [:]
    private var foldersMade = false

    /// `nil` when the site has no search.
    /// - Parameters:
    ///   - hasSections: whether the site's items are in sections, which gives the `date` facet.
    ///   - cacheFolder: where the postings' runs and the cards are spilled.
    package init?(config: SearchConfig, hasSections: Bool, cacheFolder: URL, store: OutputStore) throws {
        guard config.enabled else { return nil }
        self.config = config
        files = SearchFiles(store: store)
        runs = try SearchRuns(in: cacheFolder)
        cards = try SearchCardStore(in: cacheFolder)
        hasDateFacet = hasSections && !config.filters.contains { $0.name == Self.dateFacet }
        facetNames = config.filters.map(\.name) + (hasDateFacet ? [Self.dateFacet] : [])
        facetCounts = facetNames.map { _ in [:] }
    }

    /// The term of a filter's value: `!name:value`. A word never holds `!` or `:`, so no text term is one.
    static func facetTerm(_ name: String, _ value: String) -> String {
        var bytes: [UInt8] = []
        appendFacetTerm(name, value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the bytes of `facetTerm(name, value)`.
    private static func appendFacetTerm(_ name: String, _ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "!"))
        bytes += name.utf8
        bytes.append(UInt8(ascii: ":"))
        bytes += value.utf8
    }

    /// The facet a site with sections gets: an item's section.
    static let dateFacet = "date"

    /// Adds the next items of the gallery, in order, and writes each full file of result cards.
    package func add(_ documents: [SearchDocument]) throws {
        makeFolders()
        for document in documents {
            addTerms(of: document)
            addDoc(document)
            ordinal += 1
            if docsHeld == SearchLimits.docsPerFile { try writeDocs() }
        }
        if postings.bytes >= SearchLimits.bytesInMemory { try spill() }
    }

    private func addTerms(of document: SearchDocument) {
        let terms = document.terms
        totalLength += Int(terms.length)
        let position = UInt32(ordinal)
        postings.add(terms, ordinal: position)
        totalPostings += terms.entries.count
        var facets = Array(document.facets.prefix(config.filters.count))
        if hasDateFacet, let section = document.section {
            facets.append([section.key])
            if sectionHeadings[section.key] == nil { sectionHeadings[section.key] = section.heading }
        }
        for (index, values) in facets.enumerated() {
            let name = facetNames[index]
            for value in values {
                facetBytes.removeAll(keepingCapacity: true)
                Self.appendFacetTerm(name, value, to: &facetBytes)
                facetBytes.withUnsafeBufferPointer {
                    postings.add(
                        $0, digest: SearchTerm.digest(of: $0), ordinal: position, title: 0, body: 0, length: 0)
                }
                if facetCounts[index][value] != nil || facetCounts[index].count < SearchLimits.valuesCounted {
                    facetCounts[index][value, default: 0] += 1
                }
            }
            totalPostings += values.count
        }
    }

    private func spill() throws {
        guard !postings.isEmpty else { return }
        try runs.spill(postings)
        postings.removeAll()
    }

    /// A result card's data: what `search.js` draws a card from (the classes of the theme's `card`).
    private func addDoc(_ document: SearchDocument) {
        glyphs.add(document.title)
        docs.append(docsHeld == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
        let start = docs.count
        SearchJSON.raw(#"{"t":"#, into: &docs)
        SearchJSON.string(document.title, into: &docs)
        SearchJSON.raw(#","u":"#, into: &docs)
        SearchJSON.string(document.url, into: &docs)
        if let date = document.date {
            SearchJSON.raw(#","d":"#, into: &docs)
            SearchJSON.string(date, into: &docs)
        }
        if let picture = document.picture {
            SearchJSON.raw(#","i":{"a":"#, into: &docs)
            SearchJSON.string(picture.alt, into: &docs)
            if picture.unavailable {
                SearchJSON.raw(#","x":1"#, into: &docs)
            }
            let fields = [
                (picture.src, "s"), (picture.srcset, "ss"), (picture.width, "w"), (picture.height, "h"),
                (picture.style, "st"),
            ]
            for (value, name) in fields {
                guard let value else { continue }
                docs += Array(",\"\(name)\":".utf8)
                SearchJSON.string(value, into: &docs)
            }
            docs.append(UInt8(ascii: "}"))
        }
        docs.append(UInt8(ascii: "}"))
        cardRanges.append(start..<docs.count)
        docsHeld += 1
    }

    private func writeDocs() throws {
        guard docsHeld > 0 else { return }
        docs.append(UInt8(ascii: "]"))
        docFiles.append(try Self.writeFingerprinted(docs, prefix: "d", folder: "search/docs", into: &files))
        var records: [UInt8] = []
        var ends: [Int] = []
        for range in cardRanges {
            records += docs[range]
            ends.append(records.count)
        }
        try cards.add(records, cardEnds: ends)
        cardRanges.removeAll(keepingCapacity: true)
        docs.removeAll(keepingCapacity: true)
        docsHeld = 0
    }

    /// Makes the folders of the index's files, once: `writeFingerprinted` writes into them.
    private func makeFolders() {
        guard !foldersMade else { return }
        files.makeFolders(for: ["search/index/-", "search/docs/-"])
        foldersMade = true
    }

    /// Writes `bytes` as `folder/prefix-<fingerprint>.json`, in a folder `makeFolders` made.
    /// - Returns: its path relative to `search/`.
    static func writeFingerprinted(
        _ bytes: [UInt8], prefix: String, folder: String, into files: inout SearchFiles
    ) throws -> String {
        let path = fingerprintedPath(of: bytes, prefix: prefix, folder: folder)
        try files.write(bytes, to: path)
        return relative(path)
    }

    /// The path of `bytes` as a file named by their fingerprint, `folder/prefix-<fingerprint>.json`.
    static func fingerprintedPath(of bytes: [UInt8], prefix: String, folder: String) -> String {
        var key = Fingerprint(build: "search")
        bytes.withUnsafeBytes { key.add(bytes: $0) }
        return "\(folder)/\(prefix)-\(key.finalize().hex).json"
    }

    /// A path in the output as `search.js` names it: relative to `search/`.
    static func relative(_ path: String) -> String {
        String(path.dropFirst("search/".count))
    }

    /// Writes what is left: the last file of cards, the term shards, the prefix files and the root. The shards' entries are made beside the merge, in batches, two at most at once, and
    /// written in order.
    /// - Returns: every file the index wrote, for the build's output writer to record.
    package func finish() async throws -> [SearchFiles.Written] {
        makeFolders()
        try writeDocs()
        try spill()
        var shards = SearchShardWriter(totalPostings: totalPostings)
        var prefixes = SearchPrefixTable()
        var merge = try runs.merged()
        let (items, averageLength, cards) = (ordinal, averageLength, cards)
        let card = { (ordinal: UInt32) throws -> [UInt8] in try cards.card(ordinal) }
        try await withThrowingTaskGroup(of: (Int, [SearchShardEntry]).self) { group in
            while let (term, postings) = try merge.next() {
                prefixes.add(term, documents: postings.count / 4)
                guard let (number, terms) = shards.add(term, postings) else { continue }
                group.addTask { (number, SearchShardEntry.make(terms, items: items, averageLength: averageLength)) }
                while shards.unwritten > 1, let (number, entries) = try await group.next() {
                    try shards.write(entries, number: number, into: &files, card: card)
                    // A batch is made on one thread and freed on this one: each keeps what it freed.
                    scrollery_allocator_purge()
                }
            }
            if let (number, terms) = shards.finish() {
                group.addTask { (number, SearchShardEntry.make(terms, items: items, averageLength: averageLength)) }
            }
            while let (number, entries) = try await group.next() {
                try shards.write(entries, number: number, into: &files, card: card)
            }
        }
        try shards.close(into: &files, card: card)
        let prefixFiles = try prefixes.write(into: &files)
        try files.write(root(shards: shards.written, prefixes: prefixFiles), to: Self.rootPath)
        return files.written
    }

    /// The items' average length in terms, rounded: the BM25 `avgdl` of the build and of `search.js`.
    private var averageLength: Int { ordinal == 0 ? 0 : (totalLength + ordinal / 2) / ordinal }

    /// The root file: what `search.js` reads first.
    private func root(shards: [SearchShardWriter.Shard], prefixes: [SearchShardWriter.Shard]) -> [UInt8] {
        var bytes: [UInt8] = []
        func ranges(_ list: [SearchShardWriter.Shard]) {
            bytes.append(UInt8(ascii: "["))
            for (index, shard) in list.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                SearchJSON.raw("[", into: &bytes)
                SearchJSON.string(shard.first, into: &bytes)
                bytes.append(UInt8(ascii: ","))
                SearchJSON.string(shard.last, into: &bytes)
                bytes.append(UInt8(ascii: ","))
                SearchJSON.string(shard.file, into: &bytes)
                bytes.append(UInt8(ascii: "]"))
            }
            bytes.append(UInt8(ascii: "]"))
        }
        SearchJSON.raw(#"{"version":2,"items":"#, into: &bytes)
        SearchJSON.number(ordinal, into: &bytes)
        SearchJSON.raw(#","avgLength":"#, into: &bytes)
        SearchJSON.number(averageLength, into: &bytes)
        SearchJSON.raw(#","limits":{"termScalars":"#, into: &bytes)
        SearchJSON.number(SearchText.maxTermScalars, into: &bytes)
        SearchJSON.raw(#","prefixTerms":"#, into: &bytes)
        SearchJSON.number(SearchLimits.prefixTerms, into: &bytes)
        SearchJSON.raw(#"},"glyphs":"#, into: &bytes)
        SearchJSON.string(glyphs.text, into: &bytes)
        SearchJSON.raw(#","docs":{"per":"#, into: &bytes)
        SearchJSON.number(SearchLimits.docsPerFile, into: &bytes)
        SearchJSON.raw(#","files":["#, into: &bytes)
        for (index, file) in docFiles.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            SearchJSON.string(file, into: &bytes)
        }
        SearchJSON.raw(#"]},"shards":"#, into: &bytes)
        ranges(shards)
        SearchJSON.raw(#","prefixes":"#, into: &bytes)
        ranges(prefixes)
        SearchJSON.raw(#","filters":["#, into: &bytes)
        for (index, name) in facetNames.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            SearchJSON.raw(#"{"name":"#, into: &bytes)
            SearchJSON.string(name, into: &bytes)
            SearchJSON.raw(#","values":["#, into: &bytes)
            let isDate = hasDateFacet && index == facetNames.count - 1
            let counts = facetCounts[index].sorted {
                // Sections newest first, the undated last; other values the most frequent first.
                if isDate {
                    return ($0.key == SectionKey.undated.key) != ($1.key == SectionKey.undated.key)
                        ? $1.key == SectionKey.undated.key : SearchRuns.less(Array($1.key.utf8), Array($0.key.utf8))
                }
                return $0.value != $1.value
                    ? $0.value > $1.value : SearchRuns.less(Array($0.key.utf8), Array($1.key.utf8))
            }
            for (position, (value, count)) in counts.prefix(SearchLimits.valuesListed).enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(UInt8(ascii: "["))
                SearchJSON.string(value, into: &bytes)
                bytes.append(UInt8(ascii: ","))
                SearchJSON.number(count, into: &bytes)
                if isDate, let heading = sectionHeadings[value] {
                    bytes.append(UInt8(ascii: ","))
                    SearchJSON.string(heading, into: &bytes)
                }
                bytes.append(UInt8(ascii: "]"))
            }
            SearchJSON.raw(#"],"more":"#, into: &bytes)
            SearchJSON.number(max(0, counts.count - SearchLimits.valuesListed), into: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        SearchJSON.raw("]}\n", into: &bytes)
        return bytes
    }
}
