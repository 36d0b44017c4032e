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

    /// `append(_:to:)` for text held as its valid UTF-8.
    package func append(utf8 bytes: [UInt8], to output: inout [UInt8]) {
        switch self {
        case .none: output.append(contentsOf: bytes)
        case .html: bytes.withUnsafeBufferPointer { Self.appendHTML($0, to: &output) }
        case .urlComponent: append(String(decoding: bytes, as: UTF8.self), to: &output)
        }
    }

    private static func appendHTML(_ text: String, to output: inout [UInt8]) {
        // A native string's UTF-8 in place; any other (bridged) made contiguous in a copy first.
        if text.utf8.withContiguousStorageIfAvailable({ appendHTML($0, to: &output) }) == nil {
            var text = text
            text.withUTF8 { appendHTML($0, to: &output) }
        }
    }

    /// Eight bytes at a time while none of them is one that becomes an entity. Text of eight bytes or more
    /// that holds none is written at once, its last eight bytes looked at in one word with those before;
    /// otherwise the scan goes on from the first word that holds one.
    private static func appendHTML(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var index = 0
        if bytes.count >= 8 {
            while index + 8 <= bytes.count, !holdsEntityByte(ByteWords.load(bytes, at: index)) { index += 8 }
            let tailIsClear = index + 8 > bytes.count && !holdsEntityByte(ByteWords.load(bytes, at: bytes.count - 8))
            if index == bytes.count || tailIsClear {
                output.append(contentsOf: bytes)
                return
            }
        }
        var start = 0
        while index < bytes.count {
            if bytes.count - index >= 8, !holdsEntityByte(ByteWords.load(bytes, at: index)) {
                index += 8
                continue
            }
            defer { index += 1 }
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

    /// Whether some byte of `word` is `&`, `<`, `>`, `"` or `'`.
    @inline(__always)
    private static func holdsEntityByte(_ word: UInt64) -> Bool {
        ByteWords.has(word, UInt8(ascii: "&")) || ByteWords.has(word, UInt8(ascii: "<"))
            || ByteWords.has(word, UInt8(ascii: ">")) || ByteWords.has(word, UInt8(ascii: "\""))
            || ByteWords.has(word, UInt8(ascii: "'"))
    }

    /// The reference for `.html`: each of the five scalars replaced by its entity, scalar by scalar. Not
    /// Character by Character: a prepended sign (U+0600) makes one Character of itself and the `"` after
    /// it, and that quote must still end as `&quot;`.
    package static func escapedHTMLByScalars(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
