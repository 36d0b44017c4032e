import Foundation
import ScrolleryTestSupport
import Testing

@testable import Scrollery
@testable import ScrollerySearch

/// The cards the index writes, read back by ordinal for the shards that carry them.
@Suite("Search card store")
struct SearchCardStoreTests {
    @Test("Each card reads back by its ordinal, across files of cards and at their edges")
    func readsBack() throws {
        try withScratchFolderSync { folder in
            let store = try SearchCardStore(in: folder.url)
            let per = SearchLimits.docsPerFile
            let cards = (0..<(2 * per + 5)).map {
                #"{"t":"card \#($0) "# + String(repeating: "é", count: $0 % 7) + #""}"#
            }
            var start = 0
            while start < cards.count {
                let file = cards[start..<min(start + per, cards.count)]
                var bytes: [UInt8] = []
                var ends: [Int] = []
                for card in file {
                    bytes += card.utf8
                    ends.append(bytes.count)
                }
                try store.add(bytes, cardEnds: ends)
                start += per
            }
            for ordinal in [0, 1, per - 1, per, per + 1, 2 * per - 1, 2 * per, cards.count - 1] {
                #expect(String(decoding: try store.card(UInt32(ordinal)), as: UTF8.self) == cards[ordinal])
            }
            #expect(
                try (0..<cards.count).allSatisfy {
                    String(decoding: try store.card(UInt32($0)), as: UTF8.self) == cards[$0]
                })
        }
    }
}
