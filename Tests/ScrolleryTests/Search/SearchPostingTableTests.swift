import ScrolleryTestSupport
import Testing

@testable import Scrollery
@testable import ScrollerySearch

/// The postings held in memory before a spill: each term once, found by its digest and bytes, its postings
/// in the order added.
@Suite("Search posting table")
struct SearchPostingTableTests {
    @Test(
        "Terms come back in byte order with their postings, through table growth and digests that collide",
        arguments: [false, true])
    func sortedTermsAndPostings(collide: Bool) throws {
        var random = SeededGenerator(seed: collide ? 2 : 1)
        let alphabet = Array("abzé東京!:".unicodeScalars)
        var table = SearchPostingTable()
        var expected: [[UInt8]: [UInt32]] = [:]
        for ordinal in UInt32(0)..<3_000 {
            let length = Int.random(in: 1...4, using: &random)
            let word = String(
                String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &random) ?? "a" }))
            let term = Array(word.utf8)
            let (title, body) = (UInt32.random(in: 0...300, using: &random), UInt32.random(in: 0...3, using: &random))
            let length32 = UInt32.random(in: 1...70_000, using: &random)
            term.withUnsafeBufferPointer {
                // Colliding digests leave only the bytes to tell terms apart.
                table.add(
                    $0, digest: collide ? 7 : SearchTerm.digest(of: $0), ordinal: ordinal, title: title, body: body,
                    length: length32)
            }
            expected[term, default: []] += [ordinal, min(title, 255), body, min(length32, 65_535)]
        }
        #expect(table.count == 3_000)
        var seen: [([UInt8], [UInt32])] = []
        try table.forEachSorted { seen.append((Array($0), $1)) }
        let sorted = expected.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        #expect(seen.map(\.0) == sorted.map(\.key))
        #expect(seen.map(\.1) == sorted.map(\.value))

        table.removeAll()
        #expect(table.isEmpty)
        var after: [[UInt8]] = []
        Array("again".utf8).withUnsafeBufferPointer {
            table.add($0, digest: SearchTerm.digest(of: $0), ordinal: 1, title: 1, body: 0, length: 1)
        }
        try table.forEachSorted { term, postings in
            after.append(Array(term))
            #expect(postings == [1, 1, 0, 1])
        }
        #expect(after == [Array("again".utf8)])
    }
}
