import CCmark
import Foundation

/// Markdown rendered by libcmark in safe mode: raw HTML is omitted and `javascript:`-style links are emptied.
package struct RenderedMarkdown: Sendable, Equatable {
    /// The HTML of the whole document, as libcmark wrote it: valid UTF-8, kept as bytes for the page it is
    /// written into.
    package let htmlBytes: [UInt8]
    /// The document's text without markup, whitespace folded, as valid UTF-8: all of it, or a start of it
    /// that holds more than `Excerpt.maximumLength + 1` Characters (so its excerpt is the whole text's).
    /// Kept as bytes: only the search index reads it whole (`plainText`).
    package let plainBytes: [UInt8]
    /// The excerpt of the text (`Excerpt.make(from: plainText)`), worked out as the text was folded.
    package let excerpt: String?

    /// The HTML of the whole document, as text.
    package var html: String { String(decoding: htmlBytes, as: UTF8.self) }

    /// The plain text (`plainBytes`) as text. A text no longer than an excerpt is its own excerpt, so that
    /// String is given back instead of a new one.
    package var plainText: String {
        if let excerpt, excerpt.utf8.count == plainBytes.count, excerpt.utf8.elementsEqual(plainBytes) {
            return excerpt
        }
        return String(decoding: plainBytes, as: UTF8.self)
    }

    package init(html: String, plainText: String) {
        self.init(
            htmlBytes: Array(html.utf8), plainBytes: Array(plainText.utf8), excerpt: Excerpt.make(from: plainText))
    }

    fileprivate init(htmlBytes: [UInt8], plainBytes: [UInt8], excerpt: String?) {
        self.htmlBytes = htmlBytes
        self.plainBytes = plainBytes
        self.excerpt = excerpt
    }
}

/// Renders Markdown through libcmark. Stateless, so it can run on any number of threads at once.
package struct MarkdownRenderer: Sendable {
    package init() {}

    /// - Parameter textBytes: the literal bytes folded into `plainBytes` when they hold enough for an excerpt
    ///   (`.max`: the whole text, always).
    package func render(_ markdown: String, textBytes: Int = MarkdownRenderer.excerptBytes) -> RenderedMarkdown {
        // No CMARK_OPT_VALIDATE_UTF8: a String's UTF-8 is valid already, and cmark replaces NUL either way.
        let options = CMARK_OPT_SAFE
        // The text's own UTF-8, read in place (a bridged or small string is made contiguous first).
        var markdown = markdown
        guard
            let document = markdown.withUTF8({ buffer in
                buffer.baseAddress.flatMap { cmark_parse_document($0, buffer.count, options) }
            }) ?? cmark_parse_document("", 0, options)
        else {
            return RenderedMarkdown(html: "", plainText: "")
        }
        defer { cmark_node_free(document) }
        let text = Self.text(of: document, textBytes: textBytes)
        return RenderedMarkdown(
            htmlBytes: Self.html(of: document, options: options), plainBytes: text.plain, excerpt: text.excerpt)
    }

    /// The document's HTML, copied out of libcmark's buffer without being checked again: its input was a
    /// String's valid UTF-8, and cmark writes valid UTF-8 from it.
    private static func html(of document: OpaquePointer, options: Int32) -> [UInt8] {
        guard let cString = cmark_render_html(document, options) else { return [] }
        defer { free(cString) }
        return Array(UnsafeRawBufferPointer(start: cString, count: strlen(cString)))
    }

    /// The literal bytes an excerpt usually needs at most: the 161 Characters it looks at, in Latin, Greek,
    /// Cyrillic or kana and kanji (three bytes each), with spaces.
    package static let excerptBytes = 512

    /// The plain text: the first `textBytes` of the literals, folded, when that gives more Characters than
    /// an excerpt looks at; else four times as many bytes, and so on, until it does or the text ends. A long
    /// description is not folded whole for the 160 Characters that are shown of it.
    /// The excerpt comes from the same walk that tells whether the start is enough.
    private static func text(of document: OpaquePointer, textBytes: Int) -> (plain: [UInt8], excerpt: String?) {
        var limit = textBytes
        while true {
            let (start, isWhole) = literals(of: document, upTo: limit)
            let folded = fold(start)
            let measured = folded.withUnsafeBufferPointer(Excerpt.measured(utf8:))
            if isWhole || measured.hasMoreThanAnExcerpt {
                // A text no longer than an excerpt is its own excerpt, made a String here (`plainText` gives
                // this String back).
                let excerpt =
                    measured.cut ?? (folded.isEmpty ? nil : folded.withUnsafeBufferPointer(UTF8Text.string(validUTF8:)))
                return (folded, excerpt)
            }
            // Too few Characters in these bytes (emoji, piled marks, long white space): four times as many.
            limit = limit > Int.max / 4 ? .max : limit * 4
        }
    }

    /// The literals are valid UTF-8 (cut from valid input at whole scalars), folded without a String in
    /// between or after.
    private static func fold(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer(WhiteSpace.foldUTF8Bytes)
            ?? Array(WhiteSpace.foldByCharacters(String(decoding: bytes, as: UTF8.self)).utf8)
    }

    /// Collects text and code literals, with a space wherever a block or line ends, until there are `limit`
    /// bytes or about (a literal is cut after its last whole scalar that fits); `isWhole` when that is all
    /// of them.
    private static func literals(of document: OpaquePointer, upTo limit: Int) -> (bytes: [UInt8], isWhole: Bool) {
        guard let iterator = cmark_iter_new(document) else { return ([], true) }
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
                    let length = strlen(literal)
                    let taken = literal.withMemoryRebound(to: UInt8.self, capacity: length) {
                        let literal = UnsafeBufferPointer(start: $0, count: length)
                        let taken = scalarsFitting(in: limit - bytes.count, of: literal)
                        bytes.append(contentsOf: literal[..<taken])
                        return taken
                    }
                    if taken < length { return (bytes, false) }
                }
                if type == CMARK_NODE_CODE_BLOCK { bytes.append(UInt8(ascii: " ")) }
            case (CMARK_EVENT_ENTER, CMARK_NODE_SOFTBREAK), (CMARK_EVENT_ENTER, CMARK_NODE_LINEBREAK),
                (CMARK_EVENT_EXIT, CMARK_NODE_PARAGRAPH), (CMARK_EVENT_EXIT, CMARK_NODE_HEADING),
                (CMARK_EVENT_EXIT, CMARK_NODE_ITEM):
                bytes.append(UInt8(ascii: " "))
            default:
                break
            }
            if bytes.count >= limit { return (bytes, false) }
        }
        return (bytes, true)
    }

    /// How many bytes of the valid UTF-8 `literal` are taken to add at most `room` bytes: all of them, or
    /// its start up to the last scalar that fits whole.
    private static func scalarsFitting(in room: Int, of literal: UnsafeBufferPointer<UInt8>) -> Int {
        guard literal.count > room else { return literal.count }
        // Cut before the scalar that holds the first byte past the room.
        return StandaloneScalars.scalarStart(holding: max(room, 0), in: literal)
    }
}
