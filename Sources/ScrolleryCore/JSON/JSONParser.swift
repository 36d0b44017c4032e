import CByteScan

/// Reads JSON (RFC 8259) from bytes straight into a `JSONValue`, in one pass with no intermediate
/// objects: source pages and details are most of what a large build reads.
///
/// Errors give the line and column. Nesting deeper than `depthLimit` is refused, so a hostile document
/// cannot exhaust the stack.
package struct JSONParser {
    package static let depthLimit = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses a whole document: one value, with only whitespace around it (and an optional UTF-8 BOM).
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the document") }
        return value
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("the document ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected \(shown(bytes[index])) where a value was expected")
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            depth -= 1
            return .object([:])
        }
        // Room for the members of a usual item up front: growing the table member by member rehashed every
        // name several times.
        var members = [String: JSONValue](minimumCapacity: Self.usualMemberCount)
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw error("expected a member name in quotes") }
            let key = try string()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected `:` after the member name \"\(key)\"") }
            index += 1
            skipWhitespace()
            members[key] = try value()
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
            } else if peek(UInt8(ascii: "}")) {
                index += 1
                depth -= 1
                return .object(members)
            } else {
                throw error("expected `,` or `}` in an object")
            }
        }
    }

    private static let usualMemberCount = 12

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
            } else if peek(UInt8(ascii: "]")) {
                index += 1
                depth -= 1
                return .array(elements)
            } else {
                throw error("expected `,` or `]` in an array")
            }
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.depthLimit else { throw error("nested deeper than \(Self.depthLimit) levels") }
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        let opening = index
        index += 1
        let start = index
        // The common case: no escapes, so the bytes are the string.
        skipPlainBytes()
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            let text = UTF8Text.decode(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            index += 1
            return text
        }
        var text: [UInt8] = []
        text.reserveCapacity(index - start + 64)
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return text.withUnsafeBufferPointer(UTF8Text.decode)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"): try appendUnicodeEscape(to: &text)
                default:
                    index -= 1
                    throw error("`\\\(shown(escape))` is not a JSON escape")
                }
                let run = index
                skipPlainBytes()
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
            default:
                index -= 1
                throw error("a control character inside a string must be escaped")
            }
        }
        index = opening
        throw error("a string is never closed")
    }

    /// Moves past the bytes of a string that stand for themselves: all but a quote, a backslash and a control
    /// character. Sixteen at a time (`scrollery_json_plain_length`).
    private mutating func skipPlainBytes() {
        guard index < bytes.count, let start = bytes.baseAddress else { return }
        index += scrollery_json_plain_length(start + index, bytes.count - index)
    }

    /// `\uXXXX` after the `\u`, appended to `text` as UTF-8, with a surrogate pair read as one character; a
    /// lone surrogate becomes U+FFFD.
    private mutating func appendUnicodeEscape(to text: inout [UInt8]) throws(JSONSyntaxError) {
        let first = try hexQuad()
        var scalar = Unicode.Scalar(first)
        if (0xD800..<0xDC00).contains(first), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        {
            let mark = index
            index += 2
            let second = try hexQuad()
            if (0xDC00..<0xE000).contains(second) {
                scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            } else {
                index = mark
            }
        }
        // A lone surrogate is no scalar: it becomes U+FFFD.
        UTF8.encode(scalar ?? "\u{FFFD}") { text.append($0) }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("`\\u` needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("`\\u` needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// A number as the grammar has it: `-`, digits without a leading zero, a fraction, an exponent. A
    /// long integer keeps its digits.
    private mutating func number() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        var integerDigits = 1
        if peek(UInt8(ascii: "0")) {
            index += 1
        } else {
            integerDigits = digits()
            guard integerDigits > 0 else { throw error("a number needs digits") }
        }
        let integerEnd = index
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard digits() > 0 else { throw error("a number needs digits after its `.`") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        // An integer of any length is an id as good as any: its digits are kept, its value held as near as
        // a `Double` can. Any other number must fit a `Double`.
        if integerEnd == index, integerDigits >= JSONNumber.exactDigits {
            let value = Double(text) ?? 0
            let sign: Double = text.hasPrefix("-") ? -1 : 1
            return JSONNumber(value.isFinite ? value : sign * .greatestFiniteMagnitude, integerText: text)
        }
        guard let number = Double(text), number.isFinite else {
            index = start
            throw error("the number \(text) is out of range")
        }
        return JSONNumber(number)
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[index..<index + count])
        else { throw error("unexpected \(shown(bytes[index])) where a value was expected") }
        index += count
        return value
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func shown(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "`\(Character(Unicode.Scalar(byte)))`" : "byte 0x\(String(byte, radix: 16))"
    }

    private func error(_ problem: String) -> JSONSyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, problem: problem)
    }
}

/// JSON that cannot be read, with where.
package struct JSONSyntaxError: ScrolleryError, Sendable {
    package let line: Int
    package let column: Int
    package let problem: String
    package var description: String { "\(problem), at line \(line), column \(column)" }
}

extension JSONSyntaxError {
    package var place: String { "line \(line), column \(column)" }
}
