import Foundation
import ScrolleryTestSupport
import Testing

@testable import Scrollery
@testable import ScrolleryIO

/// The last merge hands its terms out in batches, whose entries are made on other threads and come back
/// in any order: the shards written are the same as when each batch comes back at once.
@Suite("Search shard writer")
struct SearchShardWriterTests {
    /// Terms in byte order, common ones (split into pages) among them, and enough postings for several
    /// batches and shards.
    static func terms() -> [(term: [UInt8], postings: [UInt32])] {
        var random = SeededGenerator(seed: 5)
        return (0..<120).map { number in
            let count = number % 17 == 0 ? SearchLimits.inlinePostings + 300 : Int.random(in: 1...900, using: &random)
            var ordinals = Set<UInt32>()
            while ordinals.count < count { ordinals.insert(UInt32.random(in: 0..<20_000, using: &random)) }
            let postings = ordinals.sorted().flatMap { [$0, UInt32.random(in: 0...2, using: &random), 1, 40] }
            return (Array(String(format: "term%04d", number).utf8), postings)
        }
    }

    /// Writes `terms` through a writer, giving back each batch's entries in the order `order` makes of
    /// the batches' numbers; returns the shards and every file written, with its bytes.
    static func write(
        _ terms: [(term: [UInt8], postings: [UInt32])], order: ([Int]) -> [Int]
    ) throws -> (shards: [String], files: [String: [UInt8]]) {
        try withScratchFolderSync { folder in
            var output = try OutputWriter(outputFolder: folder.url.appendingPathComponent("public"))
            var files = SearchFiles(store: output.store)
            files.makeFolders(for: ["search/index/-"])
            var writer = SearchShardWriter(totalPostings: terms.reduce(0) { $0 + $1.postings.count / 4 })
            var batches: [Int: [SearchShardWriter.Term]] = [:]
            for (term, postings) in terms {
                if let (number, batch) = writer.add(term, postings) { batches[number] = batch }
            }
            if let (number, batch) = writer.finish() { batches[number] = batch }
            #expect(batches.count > 2, "several batches")
            #expect(writer.unwritten == batches.count)
            for number in order(batches.keys.sorted()) {
                let entries = SearchShardEntry.make(batches[number] ?? [], items: 20_000, averageLength: 40)
                try writer.write(entries, number: number, into: &files)
            }
            #expect(writer.unwritten == 0)
            try writer.close(into: &files)
            var written: [String: [UInt8]] = [:]
            for file in files.written {
                written[file.path] = Array(
                    try Data(contentsOf: URL(fileURLWithPath: output.store.stagingFolder + "/" + file.path)))
            }
            output.discard()
            return (writer.written.map { "\($0.first) \($0.last) \($0.file)" }, written)
        }
    }

    @Test("Batches given back in any order write the same shards and pages as in order")
    func anyOrder() throws {
        let terms = Self.terms()
        let inOrder = try Self.write(terms) { $0 }
        var random = SeededGenerator(seed: 6)
        let shuffled = try Self.write(terms) { $0.shuffled(using: &random) }
        let reversed = try Self.write(terms) { $0.reversed() }
        #expect(inOrder.shards.count > 1, "several shards")
        #expect(inOrder.files.keys.contains { $0.hasPrefix("search/index/g-") }, "page files of common terms")
        #expect(shuffled.shards == inOrder.shards && shuffled.files == inOrder.files)
        #expect(reversed.shards == inOrder.shards && reversed.files == inOrder.files)
        // Every term is in the shards, in byte order.
        var found: [String] = []
        for shard in inOrder.shards {
            let path = "search/" + (shard.split(separator: " ").last.map(String.init) ?? "")
            let json = try JSONSerialization.jsonObject(with: Data(inOrder.files[path] ?? [])) as? [String: Any]
            found += (json?["terms"] as? [[Any]] ?? []).compactMap { $0.first as? String }
        }
        #expect(found == terms.map { String(decoding: $0.term, as: UTF8.self) })
    }
}
