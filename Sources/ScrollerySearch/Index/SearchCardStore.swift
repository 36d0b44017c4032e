import Foundation
import ScrolleryIO

/// Every result card the index writes, kept on disk so a shard can carry the cards of its terms' first
/// results: a nameless spill file in the cache folder, one record per file of cards, and where each card
/// ends in its record (4 bytes an item in memory).
final class SearchCardStore {
    private let file: SpillFile
    /// For each card, in gallery order, where it ends in its file's record.
    private var ends: [UInt32] = []

    init(in folder: URL) throws {
        file = try SpillFile(in: folder)
    }

    /// Adds the next file of cards: `SearchLimits.docsPerFile` of them (fewer for the last), their JSON
    /// one after another in `bytes`, each ending at its offset in `cardEnds`.
    func add(_ bytes: [UInt8], cardEnds: [Int]) throws {
        precondition(cardEnds.last == bytes.count && ends.count % SearchLimits.docsPerFile == 0)
        try file.append(bytes)
        ends += cardEnds.map { UInt32($0) }
    }

    /// The JSON of the card of the item at `ordinal`.
    func card(_ ordinal: UInt32) throws -> [UInt8] {
        let index = Int(ordinal)
        precondition(index < ends.count, "no card \(ordinal)")
        let start = index % SearchLimits.docsPerFile == 0 ? 0 : Int(ends[index - 1])
        return try file.read(index / SearchLimits.docsPerFile, bytes: start..<Int(ends[index]))
    }
}
