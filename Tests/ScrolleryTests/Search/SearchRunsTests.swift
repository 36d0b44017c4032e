import Foundation
import ScrolleryTestSupport
import Testing

@testable import Scrollery
@testable import ScrollerySearch

/// Spilled runs merged back: every term once, in byte order, with all its postings in gallery order.
@Suite("Search runs")
struct SearchRunsTests {
    @Test(
        "Runs with shared and lone terms merge to what one table of everything holds, through tiers of merges",
        arguments: [3, 40, 1_100])
    func manyRunsMerge(count: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let runs = try SearchRuns(in: folder)
        var random = SeededGenerator(seed: 40)
        let words = ["a", "ab", "b", "harbour", "reykjavik", "東京", "京都", "σ", "z", "zz", "!tag:night", "é"]
        var everything: [[UInt8]: [UInt32]] = [:]
        var ordinal: UInt32 = 0
        for run in 0..<count {
            var table = SearchPostingTable()
            for _ in 0..<Int.random(in: 0...(count > 100 ? 6 : 30), using: &random) {
                let word = words.randomElement(using: &random) ?? "a"
                // Some terms are met in one run only.
                let term = Array((Bool.random(using: &random) ? word : "\(word)\(run)").utf8)
                let posting = [ordinal, UInt32.random(in: 0...3, using: &random), 1, 7]
                term.withUnsafeBufferPointer {
                    table.add(
                        $0, digest: SearchTerm.digest(of: $0), ordinal: posting[0], title: posting[1], body: posting[2],
                        length: posting[3])
                }
                everything[term, default: []] += posting
                ordinal += 1
            }
            try runs.spill(table)
        }
        var merged: [([UInt8], [UInt32])] = []
        var merge = try runs.merged()
        while let (term, postings) = try merge.next() { merged.append((term, postings)) }
        let expected = everything.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        #expect(merged.map(\.0) == expected.map(\.key))
        #expect(merged.map(\.1) == expected.map(\.value))
        for (_, postings) in merged {
            let ordinals = stride(from: 0, to: postings.count, by: 4).map { postings[$0] }
            #expect(ordinals == ordinals.sorted())
        }
    }
}
