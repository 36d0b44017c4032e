import ScrolleryTestSupport
import Testing

@testable import Scrollery
@testable import ScrollerySearch

/// The set of distinct terms that both an item's terms and the build's posting table count through.
@Suite("Search term set")
struct SearchTermSetTests {
    @Test(
        "Each term is numbered once, in the order first met, through growth and digests that collide",
        arguments: [false, true])
    func numbersInOrderFirstMet(collide: Bool) {
        var random = SeededGenerator(seed: collide ? 4 : 3)
        let alphabet = Array("abzé東京ß".unicodeScalars)
        // A small capacity, so the table grows several times.
        var set = SearchTermSet(capacity: 2)
        var numbers: [[UInt8]: Int] = [:]
        var order: [[UInt8]] = []
        for _ in 0..<4_000 {
            let length = Int.random(in: 1...4, using: &random)
            let term = Array(
                String(
                    String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &random) ?? "a" })
                )
                .utf8)
            let (number, isNew) = term.withUnsafeBufferPointer {
                // Colliding digests leave only the bytes to tell terms apart.
                set.insert($0, digest: collide ? 11 : SearchTerm.digest(of: $0))
            }
            if let known = numbers[term] {
                #expect(number == known && !isNew)
            } else {
                #expect(number == order.count && isNew)
                numbers[term] = number
                order.append(term)
            }
        }
        #expect(set.count == order.count)
        #expect(set.bytes == order.flatMap { $0 })
        for (number, term) in order.enumerated() {
            #expect(Array(set.bytes[set.start(of: number)..<Int(set.ends[number])]) == term)
            #expect(Int(set.ends[number]) == set.start(of: number) + term.count)
        }
        #expect(set.slotCount >= 2 * set.count)

        set.removeAll()
        #expect(set.count == 0 && set.bytes.isEmpty)
        let again = Array("again".utf8).withUnsafeBufferPointer { set.insert($0, digest: SearchTerm.digest(of: $0)) }
        #expect(again.number == 0 && again.isNew)
    }

    @Test("An item's terms are its distinct folded words, counted per field, in the order first met")
    func itemTerms() {
        let terms = SearchTerms(title: "Harbour at NIGHT", body: "The harbour, at night: Straße 東京都")
        var words: [String] = []
        var start = 0
        for entry in terms.entries {
            words.append(String(decoding: terms.bytes[start..<Int(entry.end)], as: UTF8.self))
            start = Int(entry.end)
        }
        #expect(words == ["harbour", "at", "night", "the", "strasse", "東京", "京都"])
        #expect(terms.entries.map(\.title) == [1, 1, 1, 0, 0, 0, 0])
        #expect(terms.entries.map(\.body) == [1, 1, 1, 1, 1, 1, 1])
        #expect(terms.length == 10)
    }
}
