import CCmark
import Foundation

/// Markdown rendered by libcmark in safe mode: raw HTML is omitted and `javascript:`-style links are emptied.
package struct RenderedMarkdown: Sendable, Equatable {
    /// The HTML of the whole document.
    package let html: String
    /// The document's text without markup, whitespace folded, for excerpts.
    package let plainText: String
}

/// Renders Markdown through libcmark. Stateless, so it can run on any number of threads at once.
package struct MarkdownRenderer: Sendable {
    package init() {}

    package func render(_ markdown: String) -> RenderedMarkdown {
        let options = CMARK_OPT_SAFE | CMARK_OPT_VALIDATE_UTF8
        let utf8 = Array(markdown.utf8)
        guard
            let document = utf8.withUnsafeBufferPointer({ buffer in
                buffer.baseAddress.flatMap { cmark_parse_document($0, buffer.count, options) }
            }) ?? cmark_parse_document("", 0, options)
        else {
            return RenderedMarkdown(html: "", plainText: "")
        }
        defer { cmark_node_free(document) }
        return RenderedMarkdown(html: Self.html(of: document, options: options), plainText: Self.text(of: document))
    }

    private static func html(of document: OpaquePointer, options: Int32) -> String {
        guard let cString = cmark_render_html(document, options) else { return "" }
        defer { free(cString) }
        return String(cString: cString)
    }

    /// Collects text and code literals, with a space wherever a block or line ends.
    private static func text(of document: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(document) else { return "" }
        defer { cmark_iter_free(iterator) }
        var bytes: [UInt8] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            switch (event, type) {
            case (CMARK_EVENT_ENTER, CMARK_NODE_TEXT), (CMARK_EVENT_ENTER, CMARK_NODE_CODE),
                (CMARK_EVENT_ENTER, CMARK_NODE_CODE_BLOCK):
                if let literal = cmark_node_get_literal(node) {
                    literal.withMemoryRebound(to: UInt8.self, capacity: strlen(literal)) {
                        bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: strlen(literal)))
                    }
                }
                if type == CMARK_NODE_CODE_BLOCK { bytes.append(UInt8(ascii: " ")) }
            case (CMARK_EVENT_ENTER, CMARK_NODE_SOFTBREAK), (CMARK_EVENT_ENTER, CMARK_NODE_LINEBREAK),
                (CMARK_EVENT_EXIT, CMARK_NODE_PARAGRAPH), (CMARK_EVENT_EXIT, CMARK_NODE_HEADING),
                (CMARK_EVENT_EXIT, CMARK_NODE_ITEM):
                bytes.append(UInt8(ascii: " "))
            default:
                break
            }
        }
        return foldWhitespace(String(decoding: bytes, as: UTF8.self))
    }

    /// The words of `text` joined by single spaces, as splitting on `Character.isWhitespace` gives them.
    /// The text is folded byte by byte, whatever its script; only where a white-space character could join a
    /// grapheme with its neighbour (a combining mark after a space, an Arabic prepended sign before one) is
    /// the text split Character by Character instead.
    package static func foldWhitespace(_ text: String) -> String {
        var text = text
        let folded: String? = text.withUTF8(foldUTF8)
        return folded ?? foldByCharacters(text)
    }

    /// The reference: the words of `text` by Character.
    package static func foldByCharacters(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The folded text, or `nil` when a white-space scalar may not stand as a Character of its own.
    private static func foldUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var words: [UInt8] = []
        words.reserveCapacity(bytes.count)
        var pendingSpace = false
        var previousWasSpace = false
        var previous: UInt32 = 0
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                // Tab, line feed, vertical tab, form feed, carriage return and space.
                if lead == 0x20 || (0x09...0x0D).contains(lead) {
                    if previous >= 0x80, mayPrepend(previous) { return nil }
                    pendingSpace = !words.isEmpty
                    previousWasSpace = true
                } else {
                    if pendingSpace { words.append(0x20) }
                    pendingSpace = false
                    previousWasSpace = false
                    words.append(lead)
                }
                previous = UInt32(lead)
                index += 1
                continue
            }
            let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard index + length <= bytes.count else { return nil }
            let value = scalarValue(bytes, at: index, length: length)
            let isSpace = isWhitespacePastASCII(value)
            if isSpace {
                if mayPrepend(previous) { return nil }
                pendingSpace = !words.isEmpty
                previousWasSpace = true
            } else {
                if previousWasSpace, mayExtend(value) { return nil }
                if pendingSpace { words.append(0x20) }
                pendingSpace = false
                previousWasSpace = false
                words.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
            }
            previous = value
            index += length
        }
        return String(decoding: words, as: UTF8.self)
    }

    /// Unicode's White_Space scalars past ASCII (the ones `Character.isWhitespace` knows), without a
    /// property look-up: typographic quotes and dashes share their lead byte with the spaces of U+2000.
    static func isWhitespacePastASCII(_ value: UInt32) -> Bool {
        switch value {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    private static func scalarValue(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> UInt32 {
        var value = UInt32(bytes[index]) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return value
    }

    /// Whether a scalar after white space could join its grapheme: marks, format characters (ZWJ),
    /// modifier symbols and letters (emoji modifiers, half-width sound marks), and anything unassigned.
    private static func mayExtend(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .modifierSymbol, .modifierLetter, .surrogate,
            .privateUse, .unassigned:
            return true
        default:
            return false
        }
    }

    /// Whether a scalar before white space could be a prepended sign (Grapheme_Cluster_Break=Prepend),
    /// which joins what follows it: Arabic and Syriac signs, Malayalam's dot reph, and, generously, the
    /// historic Brahmic scripts and Kirat Rai, since a false alarm only costs the slower split.
    private static func mayPrepend(_ value: UInt32) -> Bool {
        switch value {
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x0D4E, 0x11000...0x11FFF, 0x16D00...0x16D7F:
            return true
        default:
            return false
        }
    }
}
