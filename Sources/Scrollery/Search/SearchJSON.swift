/// The few pieces of JSON the search files are made of, written straight into bytes.
enum SearchJSON {
    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped (and U+2028,
    /// U+2029, for scripts that embed it), everything else as UTF-8.
    static func string(_ text: some StringProtocol, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: bytes += Array(#"\""#.utf8)
            case 0x5C: bytes += Array(#"\\"#.utf8)
            case 0..<0x20, 0x2028, 0x2029, 0x7F:
                let hex = String(scalar.value, radix: 16)
                bytes += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default:
                bytes += Array(String(scalar).utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a whole number.
    static func number(_ value: some BinaryInteger, into bytes: inout [UInt8]) {
        bytes += Array(String(value).utf8)
    }

    /// Appends ASCII punctuation or a key already known to need no escaping.
    static func raw(_ text: StaticString, into bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
}
