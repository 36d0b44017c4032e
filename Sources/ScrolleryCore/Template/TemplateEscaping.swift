import CByteScan

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

    /// Each run of bytes that stand for themselves is found sixteen bytes at a time
    /// (`scrollery_html_plain_length`) and written at once; text that holds none of the five is written
    /// whole.
    private static func appendHTML(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        guard let start = bytes.baseAddress else { return }
        var index = 0
        while index < bytes.count {
            let run = scrollery_html_plain_length(start + index, bytes.count - index)
            output.append(contentsOf: UnsafeBufferPointer(start: start + index, count: run))
            index += run
            guard index < bytes.count else { return }
            let entity: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default:
                // Not a byte the scan stops at; written as it is.
                output.append(bytes[index])
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            index += 1
        }
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
