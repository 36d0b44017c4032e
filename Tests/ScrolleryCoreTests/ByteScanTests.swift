import CByteScan
import ScrolleryTestSupport
import Testing

@testable import ScrolleryCore

/// The sixteen-byte scans say what a byte-by-byte reading says, for every byte at every place of a text that
/// spans several chunks and a tail.
@Suite("Byte scans")
struct ByteScanTests {
    /// Gives `check` every byte value at each offset of a run of 40 bytes of `filler`, and each such run cut
    /// just after that byte.
    static func everyByteAtEveryOffset(
        filler: UInt8, _ check: (_ bytes: [UInt8], _ place: String) -> Void
    ) {
        for offset in 0..<40 {
            for value in UInt8.min...UInt8.max {
                var bytes = [UInt8](repeating: filler, count: 40)
                bytes[offset] = value
                check(bytes, "0x\(String(value, radix: 16))@\(offset)")
                // The same as the text's start: the scan must read no further than it is told.
                check(Array(bytes[...offset]), "0x\(String(value, radix: 16)) last of \(offset + 1)")
            }
        }
    }

    @Test("a JSON string's plain run ends at the first quote, backslash or control byte")
    func jsonPlainLength() {
        var wrong: [String] = []
        Self.everyByteAtEveryOffset(filler: 0xC3) { bytes, place in
            let expected =
                bytes.firstIndex { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 } ?? bytes.count
            let found = bytes.withUnsafeBufferPointer { scrollery_json_plain_length($0.baseAddress, $0.count) }
            if found != expected { wrong.append(place) }
        }
        #expect(wrong.count == 0, "\(wrong.count) wrong, first \(wrong.prefix(5))")
        #expect(scrollery_json_plain_length(nil, 0) == 0)
    }

    @Test("a word's run for folding white space ends at the first byte below 0x21 or 0xC2, 0xE1, 0xE2 or 0xE3")
    func foldPlainLength() {
        var wrong: [String] = []
        let stops: Set<UInt8> = [0xC2, 0xE1, 0xE2, 0xE3]
        Self.everyByteAtEveryOffset(filler: 0xD0) { bytes, place in
            let expected = bytes.firstIndex { $0 < 0x21 || stops.contains($0) } ?? bytes.count
            let found = bytes.withUnsafeBufferPointer { scrollery_fold_plain_length($0.baseAddress, $0.count) }
            if found != expected { wrong.append(place) }
        }
        #expect(wrong.count == 0, "\(wrong.count) wrong, first \(wrong.prefix(5))")
        #expect(scrollery_fold_plain_length(nil, 0) == 0)
    }

    @Test("HTML's plain run ends at the first & < > \" or '")
    func htmlPlainLength() {
        var wrong: [String] = []
        let stops = Set("&<>\"'".utf8)
        Self.everyByteAtEveryOffset(filler: UInt8(ascii: "a")) { bytes, place in
            let expected = bytes.firstIndex { stops.contains($0) } ?? bytes.count
            let found = bytes.withUnsafeBufferPointer { scrollery_html_plain_length($0.baseAddress, $0.count) }
            if found != expected { wrong.append(place) }
        }
        #expect(wrong.count == 0, "\(wrong.count) wrong, first \(wrong.prefix(5))")
    }

    @Test("bytes are ASCII exactly when none is 0x80 or above, at any place")
    func ascii() {
        var wrong: [String] = []
        Self.everyByteAtEveryOffset(filler: UInt8(ascii: "a")) { bytes, place in
            let found = bytes.withUnsafeBufferPointer { scrollery_is_ascii($0.baseAddress, $0.count) }
            if found != bytes.allSatisfy({ $0 < 0x80 }) { wrong.append(place) }
        }
        #expect(wrong.count == 0, "\(wrong.count) wrong, first \(wrong.prefix(5))")
        #expect(scrollery_is_ascii(nil, 0))
    }

    @Test("an unwanted control is found at any place, C1 across the edge of a chunk included")
    func unwantedControls() {
        var wrong: [String] = []
        Self.everyByteAtEveryOffset(filler: UInt8(ascii: "a")) { bytes, place in
            // Bytes as they are, not UTF-8: only C0 (but tab and newline), DEL and 0xC2 followed by a byte below
            // 0xA0 count.
            var expected = false
            for (index, byte) in bytes.enumerated() {
                if (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F { expected = true }
                if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] < 0xA0 { expected = true }
            }
            let found = bytes.withUnsafeBufferPointer { scrollery_has_unwanted_controls($0.baseAddress, $0.count) }
            if found != expected { wrong.append(place) }
        }
        for offset in 0..<40 {
            // 0xC2 then its continuation, at every place: C1 (0x85) is found, NBSP (0xA0) is not.
            for (second, unwanted) in [(UInt8(0x85), true), (0xA0, false), (0x9F, true)] {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 41)
                bytes[offset] = 0xC2
                bytes[offset + 1] = second
                let found = bytes.withUnsafeBufferPointer { scrollery_has_unwanted_controls($0.baseAddress, $0.count) }
                if found != unwanted { wrong.append("C2 \(second)@\(offset)") }
            }
            // A lone 0xC2 at the very end reads nothing past it.
            let cut = [UInt8](repeating: UInt8(ascii: "a"), count: offset) + [0xC2]
            if cut.withUnsafeBufferPointer({ scrollery_has_unwanted_controls($0.baseAddress, $0.count) }) {
                wrong.append("C2 last of \(offset + 1)")
            }
        }
        #expect(wrong.count == 0, "\(wrong.count) wrong, first \(wrong.prefix(5))")
    }

    /// Whether `bytes` are valid UTF-8 by the standard library's check, and all ASCII: what
    /// `scrollery_utf8_check` must say (0 invalid, 1 valid, 2 valid ASCII).
    static func expectedCheck(_ bytes: [UInt8]) -> Int32 {
        guard String(validating: bytes, as: UTF8.self) != nil else { return 0 }
        return bytes.allSatisfy { $0 < 0x80 } ? 2 : 1
    }

    /// Where both checks (sixteen at a time and byte by byte) disagree with the standard library on `bytes`.
    static func utf8Mismatches(_ bytes: [UInt8]) -> [String] {
        let expected = expectedCheck(bytes)
        var wrong: [String] = []
        bytes.withUnsafeBufferPointer { buffer in
            let shown = buffer.map { String($0, radix: 16) }.joined(separator: " ")
            if scrollery_utf8_check(buffer.baseAddress, buffer.count) != expected { wrong.append("chunks: \(shown)") }
            if scrollery_utf8_check_bytewise(buffer.baseAddress, buffer.count) != expected {
                wrong.append("bytes: \(shown)")
            }
        }
        return wrong
    }

    @Test("UTF-8 is checked as the standard library checks it: every pair of bytes, at each edge of a chunk")
    func utf8EveryPair() {
        var wrong: [String] = []
        for first in UInt8.min...UInt8.max {
            wrong += Self.utf8Mismatches([first])
            for second in UInt8.min...UInt8.max {
                // Alone, ending the first chunk, across its edge, and at the start of the second.
                for before in [0, 14, 15, 16] {
                    let letters = [UInt8](repeating: UInt8(ascii: "a"), count: before)
                    wrong += Self.utf8Mismatches(letters + [first, second])
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, first \(wrong.prefix(5))")
    }

    @Test("UTF-8 of up to four bytes at the edges of the ranges is checked as the standard library checks it")
    func utf8Boundaries() {
        // Each edge of Unicode's table of well-formed sequences, and bytes that are never valid.
        let edges: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
            0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        // A third or fourth byte is only a continuation byte or not: fewer values for those.
        let later: [UInt8] = [0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4]
        var wrong: [String] = []
        for a in edges {
            for b in edges {
                for c in later {
                    for d in later {
                        for before in [0, 12, 13, 14, 15, 30] {
                            let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: before) + [a, b, c, d]
                            wrong += Self.utf8Mismatches(bytes)
                            wrong += Self.utf8Mismatches(bytes + [0xC3, 0xA9])
                        }
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, first \(wrong.prefix(5))")
    }

    @Test("text in every script, with one byte broken anywhere, is checked and repaired as the standard library does")
    func utf8BrokenText() {
        var generator = SeededGenerator(seed: 53)
        let text = Array("Ärger 日本語の文章 😀👩🏽‍💻 Ελληνικά русский עברית العربية हिन्दी ไทย \u{10FFFF}".utf8)
        let replacements: [UInt8] = [0x80, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF, 0x41]
        var wrong: [String] = []
        wrong += Self.utf8Mismatches(text)
        for _ in 0..<20_000 {
            var bytes = Array(text[..<Int.random(in: 0...text.count, using: &generator)])
            if !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] =
                    replacements.randomElement(using: &generator) ?? 0
            }
            wrong += Self.utf8Mismatches(bytes)
            let made = bytes.withUnsafeBufferPointer(UTF8Text.decode)
            if made != String(decoding: bytes, as: UTF8.self) { wrong.append("repaired differently: \(bytes)") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, first \(wrong.prefix(5))")
        let ascii = Array("plain ASCII, longer than one chunk of sixteen".utf8)
        #expect(ascii.withUnsafeBufferPointer { scrollery_utf8_check($0.baseAddress, $0.count) } == 2)
        #expect(scrollery_utf8_check(nil, 0) == 2)
    }
}
