import Foundation

@testable import Scrollery
@testable import ScrolleryCore

/// The JSON parser on any bytes: it either throws `JSONSyntaxError` or returns a value that, written out
/// again, parses to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard let value = try? JSONValue.parse(data) else { return 0 }
    var text = ""
    write(value, to: &text)
    guard let again = try? JSONValue.parse(Data(text.utf8)) else {
        fatalError("the parser accepted a document, but not the same value written out again: \(text)")
    }
    guard again == value else { fatalError("a value written out and parsed again differs: \(text)") }
    return 0
}

/// The value as JSON text: strings escaped, numbers as their text.
private func write(_ value: JSONValue, to text: inout String) {
    switch value {
    case .null: text += "null"
    case .bool(let flag): text += flag ? "true" : "false"
    case .number(let number): text += number.text
    case .string(let string): writeString(string, to: &text)
    case .array(let elements):
        text += "["
        for (index, element) in elements.enumerated() {
            if index > 0 { text += "," }
            write(element, to: &text)
        }
        text += "]"
    case .object(let members):
        text += "{"
        for (index, name) in members.keys.sorted().enumerated() {
            if index > 0 { text += "," }
            writeString(name, to: &text)
            text += ":"
            if let member = members[name] { write(member, to: &text) }
        }
        text += "}"
    }
}

private func writeString(_ string: String, to text: inout String) {
    text += "\""
    for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": text += "\\\""
        case "\\": text += "\\\\"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: text.unicodeScalars.append(scalar)
        }
    }
    text += "\""
}
