import Foundation
import ScrolleryTestSupport
import Testing

@testable import Scrollery
@testable import ScrolleryIO
@testable import ScrollerySearch

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

    /// A card that names its item.
    static func card(_ ordinal: UInt32) -> [UInt8] { Array(#"{"t":"item \#(ordinal)"}"#.utf8) }

    /// Writes `terms` through a writer, giving back each batch's entries in the order `order` makes of
    /// the batches' numbers; returns the shards and every file written, with its bytes.
    static func write(
        _ terms: [(term: [UInt8], postings: [UInt32])], order: ([Int]) -> [Int]
    ) throws -> (shards: [String], files: [String: [UInt8]]) {
        try withScratchFolderSync { folder in
            let output = try OutputWriter(outputFolder: folder.url.appendingPathComponent("public"))
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
                try writer.write(entries, number: number, into: &files, card: Self.card)
            }
            #expect(writer.unwritten == 0)
            try writer.close(into: &files, card: Self.card)
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

    @Test("A shard carries its terms' first results, the commonest terms first, whole or not at all")
    func carriedCards() throws {
        // 150 terms of 12 first results each, the commonest first, every third sharing its results with
        // the term before it: more than the cap holds.
        let leads: [(documents: Int, ordinals: [UInt32])] = (0..<150).map { number in
            let base = UInt32(number % 3 == 2 ? number - 1 : number) * 100
            return (1_000 - number, (0..<12).map { base + UInt32($0) })
        }
        let carried = SearchShardWriter.carried(leads)
        #expect(carried == carried.sorted() && Set(carried).count == carried.count)
        #expect(carried.count <= SearchLimits.cardsPerShard)
        let kept = Set(carried)
        var whole = 0
        for lead in leads {
            let inside = lead.ordinals.filter(kept.contains).count
            #expect(inside == 0 || inside == lead.ordinals.count, "a term's first results are carried whole or not")
            if inside > 0 { whole += 1 }
        }
        #expect(leads.prefix(whole).allSatisfy { $0.ordinals.allSatisfy(kept.contains) }, "the commonest first")
        #expect(whole < leads.count, "the cap leaves the rarest out")
        // A shared term costs nothing, so a term whose results are already carried is always in.
        #expect(
            leads.enumerated().allSatisfy {
                $0.offset % 3 != 2
                    || $0.element.ordinals.allSatisfy(kept.contains)
                        == leads[$0.offset - 1].ordinals.allSatisfy(kept.contains)
            })

        // Through the writer: each shard carries every term's first results (few enough here), as `card` gives them.
        let written = try Self.write(Self.terms()) { $0 }
        for shard in written.shards {
            let path = "search/" + (shard.split(separator: " ").last.map(String.init) ?? "")
            let json = try JSONSerialization.jsonObject(with: Data(written.files[path] ?? [])) as? [String: Any]
            let pairs = json?["cards"] as? [[Any]] ?? []
            let ordinals = pairs.compactMap { ($0.first as? NSNumber)?.uint32Value }
            #expect(!ordinals.isEmpty && ordinals == ordinals.sorted())
            for pair in pairs {
                let ordinal = (pair.first as? NSNumber)?.uint32Value ?? 0
                #expect((pair.last as? [String: String])?["t"] == "item \(ordinal)")
            }
            for term in json?["terms"] as? [[Any]] ?? [] {
                let best = term.count > 2 ? (term[1] as? [NSNumber] ?? []).map(\.uint32Value) : nil
                let postings = best ?? (term[1] as? [NSNumber] ?? []).map(\.uint32Value)
                var ordinal: UInt32 = 0
                var decoded: [UInt32] = []
                for start in stride(from: 0, to: postings.count, by: 4) {
                    ordinal += postings[start]
                    decoded += [ordinal] + postings[(start + 1)..<(start + 4)]
                }
                let documents = (term.count > 2 ? term[2] as? Int : nil) ?? decoded.count / 4
                let lead = SearchPostingPages.lead(
                    of: decoded, documents: documents, items: 20_000, averageLength: 40)
                #expect(lead.count == min(documents, SearchLimits.firstResults))
                #expect(lead.allSatisfy(Set(ordinals).contains), "\(term[0])'s first results are carried")
            }
        }
    }
}
