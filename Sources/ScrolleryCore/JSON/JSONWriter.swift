/// Writes a `JSONValue` as compact JSON text that parses back to the same value: strings escaped (a control
/// character as `\u00XX`, so the text has no line break), numbers as their text, an object's members in
/// sorted order, so the same value always gives the same bytes.
package enum JSONWriter {
    /// Appends the value's text, as UTF-8, to `bytes`.
    package static func write(_ value: JSONValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes += "null".utf8
        case .bool(let flag): bytes += (flag ? "true" : "false").utf8
        case .number(let number): bytes += number.text.utf8
        case .string(let text): write(text, to: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, name) in members.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(name, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                if let member = members[name] { write(member, to: &bytes) }
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private static func write(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0..<0x20:
                bytes += "\\u00".utf8
                Hex.append(byte, to: &bytes)
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
