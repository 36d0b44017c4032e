import CByteScan
import Testing

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
}
