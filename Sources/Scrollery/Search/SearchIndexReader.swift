import Foundation
import ScrolleryCore

/// Reads a built search index back from an output folder, as `search.js` does: the root, then only the
/// shard that holds a term. What the tests check the index with; it trusts nothing it reads (a file that
/// is not the index's shape is an error, never a crash).
struct SearchIndexReader {
    /// One item's entry in a term's postings.
    struct Posting: Equatable {
        let ordinal: Int
        let title: Int
        let body: Int
        let length: Int
    }

    let searchFolder: URL
    /// The number of items indexed.
    let items: Int
    /// The term shards: first and last term, file relative to `search/`.
    let shards: [(first: String, last: String, file: String)]
    /// Each filter's listed values and counts.
    let filters: [(name: String, values: [(String, Int)])]

    init(outputFolder: URL) throws {
        searchFolder = outputFolder.appendingPathComponent("search")
        let root = try Self.parse(searchFolder.appendingPathComponent("index.json"))
        guard case .object(let members) = root, let items = members["items"]?.scalarText.flatMap({ Int($0) }),
            case .array(let shardList)? = members["shards"], case .array(let filterList)? = members["filters"]
        else { throw SearchIndexError("search/index.json is not a search index root") }
        self.items = items
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

    /// The postings of `term` (already folded), in ordinal order; none when it is not in the index.
    func postings(of term: String) throws -> [Posting] {
        let key = Array(term.utf8)
        guard
            let shard = shards.first(where: {
                !SearchRuns.less(key, Array($0.first.utf8)) && !SearchRuns.less(Array($0.last.utf8), key)
            })
        else { return [] }
        guard case .object(let members) = try Self.parse(searchFolder.appendingPathComponent(shard.file)),
            case .array(let terms)? = members["terms"]
        else { throw SearchIndexError("\(shard.file) is not a term shard") }
        for entry in terms {
            guard case .array(let pair) = entry, pair.count == 2, case .string(let name) = pair[0], name == term,
                case .array(let numbers) = pair[1]
            else { continue }
            let values = numbers.compactMap { $0.scalarText.flatMap { Int($0) } }
            var result: [Posting] = []
            var ordinal = 0
            var index = 0
            while index + 3 < values.count {
                ordinal += values[index]
                result.append(
                    Posting(
                        ordinal: ordinal, title: values[index + 1], body: values[index + 2], length: values[index + 3]))
                index += 4
            }
            return result
        }
        return []
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

    private static func parse(_ file: URL) throws -> JSONValue {
        let bytes = [UInt8](try Data(contentsOf: file))
        return try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }
    }
}
