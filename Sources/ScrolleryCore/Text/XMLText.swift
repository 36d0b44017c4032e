/// Escapes text for XML content and attribute values (sitemap, feed).
package enum XMLText {
    /// `&`, `<`, `>`, `"` and `'` as entities, and the characters XML 1.0 forbids dropped. Text that holds
    /// none of them (most URLs and titles) is returned as it is, after one look at its bytes; other text
    /// (a feed entry's HTML) is escaped byte by byte.
    package static func escape(_ text: String) -> String {
        needsEscaping(text.utf8) ? escapeByBytes(text) : text
    }

    /// `escape` on the UTF-8: every character it escapes or drops is ASCII but U+FFFE and U+FFFF, whose
    /// three bytes are dropped together, so what is kept stays valid UTF-8.
    private static func escapeByBytes(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + bytes.count / 4)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): output.append(contentsOf: "&apos;".utf8)
                case 0x09, 0x0A, 0x0D: output.append(byte)
                case ..<0x20: break
                case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBF && bytes[index + 1] >= 0xBE:
                    index += 2
                default: output.append(byte)
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// The reference: the text scalar by scalar.
    package static func escapeByScalars(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default:
                // Characters XML 1.0 forbids are dropped.
                let value = scalar.value
                if value == 0x9 || value == 0xA || value == 0xD || (value >= 0x20 && value != 0xFFFE && value != 0xFFFF)
                {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Whether the valid UTF-8 holds a byte that becomes an entity, a control character XML 1.0 forbids
    /// (below 0x20 but tab, line feed and carriage return), or U+FFFE or U+FFFF (EF BF BE, EF BF BF).
    private static func needsEscaping(_ utf8: String.UTF8View) -> Bool {
        var beforePrevious: UInt8 = 0
        var previous: UInt8 = 0
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                return true
            case 0x09, 0x0A, 0x0D:
                break
            case ..<0x20:
                return true
            case 0xBE, 0xBF:
                if beforePrevious == 0xEF && previous == 0xBF { return true }
            default:
                break
            }
            beforePrevious = previous
            previous = byte
        }
        return false
    }
}
