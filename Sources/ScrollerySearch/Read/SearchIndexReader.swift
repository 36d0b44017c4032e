import Foundation
import ScrolleryCore

/// Reads a built search index back, as `search.js` does: the root, then only the shard that holds a term
/// (and a split term's pages). What the tests check the index with; it trusts nothing it reads (a file
/// that is not the index's shape is an error, never a crash: the SearchIndex fuzz target checks that).
struct SearchIndexReader {
    /// One item's entry in a term's postings.
    struct Posting: Equatable {
        let ordinal: Int
        let title: Int
        let body: Int
        let length: Int
    }

    /// The bytes of a file of the index, by its path under `search/`.
    let file: (String) throws -> [UInt8]
    /// The number of items indexed.
    let items: Int
    /// The items' average length in terms, as the root gives it.
    let averageLength: Int?
    /// The term shards: first and last term, file relative to `search/`.
    let shards: [(first: String, last: String, file: String)]
    /// Each filter's listed values and counts.
    let filters: [(name: String, values: [(String, Int)])]
    /// The files of result cards, in gallery order, `docsPerFile` cards each.
    let docFiles: [String]
    let docsPerFile: Int

    /// Reads the index of the site built into `outputFolder`.
    init(outputFolder: URL) throws {
        let folder = outputFolder.appendingPathComponent("search")
        try self.init { path in
            guard RelativePath.staysInside(path) else { throw SearchIndexError("\(path) is not a path under search/") }
            return [UInt8](try Data(contentsOf: folder.appendingPathComponent(path)))
        }
    }

    /// Reads the index whose files `file` gives, by their paths under `search/`.
    init(file: @escaping (String) throws -> [UInt8]) throws {
        self.file = file
        let root = try Self.parse(file("index.json"))
        guard case .object(let members) = root, let items = members["items"]?.scalarText.flatMap({ Int($0) }),
            case .array(let shardList)? = members["shards"], case .array(let filterList)? = members["filters"]
        else { throw SearchIndexError("search/index.json is not a search index root") }
        self.items = items
        averageLength = members["avgLength"]?.scalarText.flatMap { Int($0) }
        guard case .object(let docs)? = members["docs"], let per = docs["per"]?.scalarText.flatMap({ Int($0) }),
            per > 0, case .array(let docList)? = docs["files"]
        else { throw SearchIndexError("search/index.json has no list of card files") }
        docsPerFile = per
        docFiles = try docList.map {
            guard case .string(let file) = $0 else {
                throw SearchIndexError("a card file of search/index.json is not a name")
            }
            return file
        }
        shards = try shardList.map { entry in
            guard case .array(let parts) = entry, parts.count == 3, case .string(let first) = parts[0],
                case .string(let last) = parts[1], case .string(let file) = parts[2]
            else { throw SearchIndexError("a shard entry of search/index.json is not [first, last, file]") }
            return (first, last, file)
        }
        filters = filterList.compactMap { entry in
            guard case .object(let filter) = entry, case .string(let name)? = filter["name"],
                case .array(let values)? = filter["values"]
            else { return nil }
            return (
                name,
                values.compactMap { value in
                    guard case .array(let pair) = value, pair.count >= 2, case .string(let text) = pair[0],
                        let count = pair[1].scalarText.flatMap({ Int($0) })
                    else { return nil }
                    return (text, count)
                }
            )
        }
    }

    /// A term's entry in its shard: its postings, whole or (for a split term) its best ones, how many
    /// items it has, and the page files that hold them all.
    struct Entry {
        let postings: [Posting]
        let count: Int
        let pages: [(first: Int, last: Int, file: String)]
    }

    /// The entry of `term` (already folded) in its shard, or `nil` when it is not in the index.
    func entry(of term: String) throws -> Entry? {
        let key = Array(term.utf8)
        guard
            let shard = shards.first(where: {
                !key.lexicographicallyPrecedes($0.first.utf8) && !$0.last.utf8.lexicographicallyPrecedes(key)
            })
        else { return nil }
        guard case .object(let members) = try Self.parse(file(shard.file)),
            case .array(let terms)? = members["terms"]
        else { throw SearchIndexError("\(shard.file) is not a term shard") }
        for entry in terms {
            guard case .array(let parts) = entry, parts.count == 2 || parts.count == 4,
                case .string(let name) = parts[0], name == term
            else { continue }
            let postings = try Self.postings(parts[1], in: shard.file)
            guard parts.count == 4 else { return Entry(postings: postings, count: postings.count, pages: []) }
            guard let count = parts[2].scalarText.flatMap({ Int($0) }), case .array(let pageList) = parts[3] else {
                throw SearchIndexError("the entry of \(term) in \(shard.file) is not [term, best, count, pages]")
            }
            let pages = try pageList.map { page in
                guard case .array(let fields) = page, fields.count == 3,
                    let first = fields[0].scalarText.flatMap({ Int($0) }),
                    let last = fields[1].scalarText.flatMap({ Int($0) }), case .string(let file) = fields[2]
                else { throw SearchIndexError("a page of \(term) in \(shard.file) is not [first, last, file]") }
                return (first, last, file)
            }
            return Entry(postings: postings, count: count, pages: pages)
        }
        return nil
    }

    /// All the postings of `term` (already folded), in ordinal order, from its pages when it is split;
    /// none when it is not in the index.
    func postings(of term: String) throws -> [Posting] {
        guard let entry = try entry(of: term) else { return [] }
        guard !entry.pages.isEmpty else { return entry.postings }
        var all: [Posting] = []
        for page in entry.pages {
            all += try Self.postings(Self.parse(file(page.file)), in: page.file)
        }
        return all
    }

    /// Postings written as `SearchJSON.postings` writes them.
    private static func postings(_ value: JSONValue, in file: String) throws -> [Posting] {
        guard case .array(let numbers) = value else { throw SearchIndexError("postings in \(file) are not a list") }
        let values = numbers.compactMap { $0.scalarText.flatMap { Int($0) } }
        guard values.count == numbers.count, values.count % 4 == 0 else {
            throw SearchIndexError("postings in \(file) are not whole numbers in fours")
        }
        var result: [Posting] = []
        var ordinal = 0
        var index = 0
        while index + 3 < values.count {
            let (sum, overflow) = ordinal.addingReportingOverflow(values[index])
            guard !overflow else { throw SearchIndexError("an ordinal in \(file) is out of range") }
            ordinal = sum
            result.append(
                Posting(ordinal: ordinal, title: values[index + 1], body: values[index + 2], length: values[index + 3]))
            index += 4
        }
        return result
    }

    /// The card of the item at `ordinal`, from its file of cards; `nil` past the last item.
    func card(_ ordinal: Int) throws -> JSONValue? {
        guard ordinal >= 0, ordinal / docsPerFile < docFiles.count else { return nil }
        let file = docFiles[ordinal / docsPerFile]
        guard case .array(let cards) = try Self.parse(self.file(file)) else {
            throw SearchIndexError("\(file) is not a list of cards")
        }
        let index = ordinal % docsPerFile
        return index < cards.count ? cards[index] : nil
    }

    /// The cards a shard carries (of its terms' first results), by ordinal.
    func carriedCards(in shardFile: String) throws -> [Int: JSONValue] {
        guard case .object(let members) = try Self.parse(file(shardFile)) else {
            throw SearchIndexError("\(shardFile) is not a term shard")
        }
        guard case .array(let list)? = members["cards"] else { return [:] }
        var cards: [Int: JSONValue] = [:]
        for pair in list {
            guard case .array(let parts) = pair, parts.count == 2,
                let ordinal = parts[0].scalarText.flatMap({ Int($0) }),
                case .object = parts[1]
            else { throw SearchIndexError("a card of \(shardFile) is not [ordinal, card]") }
            cards[ordinal] = parts[1]
        }
        return cards
    }

    /// The ordinals of the items that have every term of `query` (folded and cut as an item's text is).
    func find(_ query: String) throws -> Set<Int> {
        var found: Set<Int>?
        for term in SearchText.terms(in: query) {
            let ordinals = Set(try postings(of: term).map(\.ordinal))
            found = found.map { $0.intersection(ordinals) } ?? ordinals
        }
        return found ?? []
    }

    private static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }
    }
}
