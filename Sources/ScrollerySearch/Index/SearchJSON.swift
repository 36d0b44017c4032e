import ScrolleryCore

/// The few pieces of JSON the search files are made of, written straight into bytes.
enum SearchJSON {
    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped (and U+2028,
    /// U+2029, for scripts that embed it), everything else as UTF-8.
    static func string(_ text: some StringProtocol, into bytes: inout [UInt8]) {
        var text = String(text)
        text.withUTF8 { string(utf8: $0, into: &bytes) }
    }

    /// Appends valid UTF-8 as a JSON string, escaped as `string(_:into:)` does.
    static func string(utf8 text: some Collection<UInt8>, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var index = text.startIndex
        while index != text.endIndex {
            let byte = text[index]
            switch byte {
            case 0x22, 0x5C:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0..<0x20, 0x7F:
                escape(UInt32(byte), into: &bytes)
            case 0xE2:
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                let second = text.index(after: index)
                if second != text.endIndex, text[second] == 0x80 {
                    let third = text.index(after: second)
                    if third != text.endIndex, text[third] == 0xA8 || text[third] == 0xA9 {
                        escape(0x2000 | UInt32(text[third] - 0xA8 + 0x28), into: &bytes)
                        index = text.index(after: third)
                        continue
                    }
                }
                bytes.append(byte)
            default:
                bytes.append(byte)
            }
            index = text.index(after: index)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `\uXXXX`, in lowercase hex.
    private static func escape(_ value: UInt32, into bytes: inout [UInt8]) {
        bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(Hex.digit(UInt8(value >> UInt32(shift) & 0xF)))
        }
    }

    /// Appends a whole number.
    static func number(_ value: some BinaryInteger, into bytes: inout [UInt8]) {
        guard let magnitude = UInt64(exactly: value) else {
            bytes += Array(String(value).utf8)
            return
        }
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        // The digits from the last, by division by a constant (a multiplication), then in order.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = magnitude
            var start = digits.count
            while rest > 0 {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Appends postings (four numbers each: ordinal, title count, description count, length) as one JSON
    /// array, each ordinal written as its difference from the one before (the first from 0): small
    /// numbers, and a change stays local.
    static func postings(_ postings: ArraySlice<UInt32>, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        var previous: UInt32 = 0
        var index = postings.startIndex
        while index + 3 < postings.endIndex {
            if index > postings.startIndex { bytes.append(UInt8(ascii: ",")) }
            number(postings[index] - previous, into: &bytes)
            previous = postings[index]
            for offset in 1...3 {
                bytes.append(UInt8(ascii: ","))
                number(postings[index + offset], into: &bytes)
            }
            index += 4
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends ASCII punctuation or a key already known to need no escaping.
    static func raw(_ text: StaticString, into bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
}
