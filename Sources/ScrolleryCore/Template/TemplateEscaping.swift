/// How `{{name}}` writes a value (`{{{name}}}` and `{{&name}}` always write it as it is).
package enum TemplateEscaping: Sendable {
    /// `&`, `<`, `>`, `"` and `'` as entities: the theme's pages.
    case html
    /// As it is: the item fields of a config, which are text until the theme escapes them.
    case none
    /// Everything but RFC 3986's unreserved characters percent-encoded: a value placed in a URL.
    case urlComponent

    package func append(_ text: String, to output: inout [UInt8]) {
        switch self {
        case .none: output.append(contentsOf: text.utf8)
        case .html: Self.appendHTML(text, to: &output)
        case .urlComponent: output.append(contentsOf: URIBytes.percentEncoded(text).utf8)
        }
    }

    private static func appendHTML(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let entity: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                output.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                start = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }
}
