import Foundation
import ScrolleryTestSupport
import Testing

@testable import ScrolleryCore

@Suite("Reading JSON")
struct JSONParserTests {
    func parse(_ text: String) throws -> JSONValue {
        try JSONValue.parse(Data(text.utf8))
    }

    func failure(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("every kind of value, nested")
    func values() throws {
        let value = try parse(
            #" { "a": [1, -2.5, 3e2, 0, -0, 1E-2], "b": {"c": null, "d": true, "e": false}, "f": "", "g": [] , "h": {} } "#
        )
        #expect(
            value
                == .object([
                    "a": .array([.number(1), .number(-2.5), .number(300), .number(0), .number(-0.0), .number(0.01)]),
                    "b": .object(["c": .null, "d": .bool(true), "e": .bool(false)]),
                    "f": .string(""), "g": .array([]), "h": .object([:]),
                ]))
    }

    @Test("string escapes, surrogate pairs, a lone surrogate as U+FFFD, and raw UTF-8")
    func strings() throws {
        #expect(try parse(#""q\" b\\ s\/ \b\f\n\r\t""#) == .string("q\" b\\ s/ \u{8}\u{C}\n\r\t"))
        #expect(try parse(#""\u00e9\u263A \ud83d\ude00""#) == .string("é☺ 😀"))
        #expect(try parse(#""\ud83d x""#) == .string("\u{FFFD} x"))
        #expect(try parse("\"Zoë ✓ 漢字\"") == .string("Zoë ✓ 漢字"))
        #expect(try parse("\u{FEFF}[1]") == .array([.number(1)]))
    }

    @Test("every scalar written as \\u escapes reads back as itself, a surrogate with no partner as U+FFFD")
    func unicodeEscapes() throws {
        var random = SeededGenerator(seed: 53)
        let ranges: [ClosedRange<UInt32>] = [
            0x0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF,
        ]
        for _ in 0..<300 {
            var escaped = ""
            var expected = ""
            elements: for _ in 0..<Int.random(in: 1...12, using: &random) {
                if Int.random(in: 0..<8, using: &random) == 0 {
                    // A lone high or low surrogate, then what cannot pair with it: plain text, an escape of a
                    // letter, or the end of the string.
                    let lone = UInt32.random(in: 0xD800...0xDFFF, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0:
                        escaped += String(format: "\\u%04X", lone) + "é"
                        expected += "\u{FFFD}é"
                    case 1:
                        escaped += String(format: "\\u%04X\\u00e9", lone)
                        expected += "\u{FFFD}é"
                    default:
                        escaped += String(format: "\\u%04X", lone)
                        expected += "\u{FFFD}"
                        break elements
                    }
                    continue
                }
                let range = ranges[Int.random(in: 0..<ranges.count, using: &random)]
                guard let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) else { continue }
                expected.unicodeScalars.append(scalar)
                if scalar.value >= 0x10000 {
                    let value = scalar.value - 0x10000
                    let high = 0xD800 + (value >> 10)
                    let low = 0xDC00 + (value & 0x3FF)
                    // Both cases of hex digits are read.
                    escaped += String(format: "\\u%04X\\u%04x", high, low)
                } else {
                    escaped += String(format: "\\u%04x", scalar.value)
                }
            }
            // Compared byte for byte: String's == would let a normalized reading pass.
            guard case .array(let values) = try parse("[\"\(escaped)\"]"), case .string(let read)? = values.first else {
                Issue.record("\(escaped) did not read as one string")
                continue
            }
            #expect(Array(read.utf8) == Array(expected.utf8), "\(escaped)")
        }
    }

    @Test("a quote, an escape or a control character is found at any place of a long string (sixteen bytes at a time)")
    func stringsReadByWords() throws {
        let words = "Zoë ✓ 漢字 abcdefghijklmnopqrstuvwxyz 0123456789"
        for cut in 0...words.utf8.count {
            guard let head = String(words.utf8.prefix(cut)), let tail = String(words.utf8.dropFirst(cut)) else {
                continue
            }
            #expect(try parse("\"\(head)\"") == .string(head))
            #expect(try parse("[\"\(head)\\n\(tail)\"]") == .array([.string(head + "\n" + tail)]))
            #expect(try parse("\"\(head)\\\"\(tail)\"") == .string(head + "\"" + tail))
            #expect(failure("\"\(head)\u{1}\(tail)\"")?.contains("control character") == true, "at \(cut)")
            #expect(failure("\"\(head)\t\(tail)\"")?.contains("control character") == true, "at \(cut)")
            #expect(failure("\"\(head)")?.contains("never closed") == true, "at \(cut)")
        }
    }

    @Test("a later duplicate member wins")
    func duplicates() throws {
        #expect(try parse(#"{"a": 1, "a": 2}"#) == .object(["a": .number(2)]))
    }

    @Test("malformed documents are refused with what is wrong and the line and column")
    func errors() {
        #expect(failure("{\n  \"a\": 1,\n}")?.contains("line 3, column 1") == true)
        #expect(failure("[1, 2,]")?.contains("where a value was expected") == true)
        #expect(failure("[01]")?.contains("`,` or `]`") == true)
        #expect(failure(#"{"a" 1}"#)?.contains("expected `:`") == true)
        #expect(failure(#"{a: 1}"#)?.contains("member name in quotes") == true)
        #expect(failure("\"open")?.contains("never closed") == true)
        #expect(failure(#""\x""#)?.contains("not a JSON escape") == true)
        #expect(failure("\"a\u{1}b\"")?.contains("control character") == true)
        #expect(failure("[1] [2]")?.contains("after the document") == true)
        #expect(failure("")?.contains("ends where a value was expected") == true)
        #expect(failure("nul") != nil)
        #expect(failure("1.") != nil)
        #expect(failure("-") != nil)
        #expect(failure("1e999")?.contains("out of range") == true)
        #expect(failure("<!doctype html>")?.contains("`<`") == true)
    }

    @Test("nesting deeper than the limit is refused instead of exhausting the stack")
    func depth() throws {
        let limit = JSONParser.depthLimit
        #expect(failure(String(repeating: "[", count: 100_000))?.contains("nested deeper than \(limit)") == true)
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try parse(deepest) }
    }

    @Test("generated documents written by Foundation's JSONSerialization read back as the values written")
    func agreesWithFoundation() throws {
        var generator = SeededGenerator(seed: 20_261_121)
        for _ in 0..<300 {
            let object = Self.randomValue(depth: 0, using: &generator)
            let data = try JSONSerialization.data(withJSONObject: ["root": object], options: [.fragmentsAllowed])
            let read = try JSONValue.parse(data)
            #expect(read == .object(["root": Self.convert(object)]), "\(String(decoding: data, as: UTF8.self))")
        }
    }

    static func randomValue(depth: Int, using generator: inout SeededGenerator) -> Any {
        let kind = Int.random(in: depth > 3 ? 0...4 : 0...6, using: &generator)
        switch kind {
        case 0: return NSNull()
        case 1: return Bool.random(using: &generator)
        case 2: return Int.random(in: -1_000_000...1_000_000, using: &generator)
        case 3: return Double(Int.random(in: -100_000...100_000, using: &generator)) / 64
        case 4:
            let alphabet = Array("aé\"\\/\n\t\u{1}<>&'z☺😀 ")
            return String(
                (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                    alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
                })
        case 5:
            return (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                randomValue(depth: depth + 1, using: &generator)
            }
        default:
            var members: [String: Any] = [:]
            for index in 0..<Int.random(in: 0...4, using: &generator) {
                members["k\(index)\u{e9}"] = randomValue(depth: depth + 1, using: &generator)
            }
            return members
        }
    }

    static func convert(_ object: Any) -> JSONValue {
        switch object {
        case is NSNull: return .null
        case let flag as Bool: return .bool(flag)
        case let number as Int:
            let digits = String(number.magnitude)
            return .number(
                JSONNumber(Double(number), integerText: digits.count >= JSONNumber.exactDigits ? String(number) : nil))
        case let number as Double: return .number(JSONNumber(number))
        case let text as String: return .string(text)
        case let array as [Any]: return .array(array.map(convert))
        case let members as [String: Any]: return .object(members.mapValues(convert))
        default: return .null
        }
    }
}

/// Numbers keep their text: a 64-bit id (or a longer one) reaches templates, slugs and URLs as written.
@Suite("JSON numbers")
struct JSONNumberTests {
    @Test(
        "integers of 16 digits or more keep their digits; other numbers read as before",
        arguments: [
            ("1234567890123456789", "1234567890123456789"), ("-1234567890123456789", "-1234567890123456789"),
            ("1234567890123456789012345", "1234567890123456789012345"), ("9007199254740993", "9007199254740993"),
            (String(repeating: "9", count: 400), String(repeating: "9", count: 400)),
            ("42", "42"), ("-7", "-7"), ("0", "0"), ("2.5", "2.5"), ("1.0", "1"), ("1e3", "1000"),
            ("0.1", "0.1"), ("1.5e300", "1.5e+300"), ("123456789012345", "123456789012345"),
        ])
    func numberText(json: String, text: String) throws {
        let value = try JSONValue.parse(Data("[\(json)]".utf8))
        guard case .array(let elements) = value, let first = elements.first else {
            Issue.record("not an array: \(value)")
            return
        }
        #expect(first.scalarText == text)
    }

    @Test("a number that is not an integer still has to fit a Double")
    func outOfRange() {
        #expect(throws: (any Error).self) { try JSONValue.parse(Data("[1e400]".utf8)) }
        #expect(throws: (any Error).self) { try JSONValue.parse(Data("[1.5e999]".utf8)) }
    }
}
