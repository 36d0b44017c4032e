import Foundation
import Testing

@testable import Scrollery
@testable import ScrollerySearch

/// The search files' JSON pieces, read back by a JSON parser.
@Suite("Search JSON")
struct SearchJSONTests {
    @Test(
        "Strings come back as written: quotes, backslashes, control characters, line separators, every script",
        arguments: [
            "", "plain", "say \"hi\"", #"back\slash"#, "a\u{0}b\u{1F}c\u{7F}", "line\u{2028}para\u{2029}end",
            "\u{E2}\u{80}", "Reykjavík 東京 🌅 مدينة", "\u{2027}\u{202A}", "\n\t\r",
        ])
    func strings(text: String) throws {
        var bytes: [UInt8] = []
        SearchJSON.string(text, into: &bytes)
        let parsed = try JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed) as? String
        #expect(parsed == text)
        // What must be escaped never stands as itself.
        #expect(!bytes.contains { $0 < 0x20 || $0 == 0x7F })
        #expect(!String(decoding: bytes, as: UTF8.self).contains { $0 == "\u{2028}" || $0 == "\u{2029}" })
    }

    @Test("Numbers are their decimal digits", arguments: [0, 1, 9, 10, 99, 100, 4_096, 65_535, Int(UInt32.max)])
    func numbers(value: Int) {
        var bytes: [UInt8] = []
        SearchJSON.number(value, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        bytes = []
        SearchJSON.number(UInt32(value), into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == String(value))
    }
}
