@testable import ScrolleryCore

/// Any text: the excerpt and the folded white space made on UTF-8 bytes (standalone scalars, grapheme
/// look-ups only next to the others) are exactly what the Character-by-Character references make, and
/// an excerpt is never longer than its limit; whether a text is longer than an excerpt needs is known
/// the same way, on a String and on its bytes. As Markdown, its excerpt from the start of its text is the
/// whole text's; escaped for HTML on bytes, it is what escaping each scalar gives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextCuts(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let excerpt = Excerpt.make(from: text)
    guard excerpt == Excerpt.cutByCharacters(text) else {
        fatalError("the excerpts of \(text.debugDescription) differ: \(String(describing: excerpt))")
    }
    if let excerpt, excerpt != text, excerpt.count > Excerpt.maximumLength + 1 {
        fatalError("the excerpt of \(text.debugDescription) has \(excerpt.count) Characters")
    }
    // The one walk that makes the excerpt and tells whether the text is longer than an excerpt needs.
    let measured = Excerpt.measured(text)
    guard measured.excerpt == excerpt else {
        fatalError("the measured excerpt of \(text.debugDescription) differs: \(String(describing: measured.excerpt))")
    }
    guard measured.hasMoreThanAnExcerpt == (text.count > Excerpt.maximumLength + 1) else {
        fatalError("\(text.debugDescription) has \(text.count) Characters, and hasMoreThanAnExcerpt disagrees")
    }
    let folded = WhiteSpace.fold(text)
    guard folded == WhiteSpace.foldByCharacters(text) else {
        fatalError("the folded white space of \(text.debugDescription) differs: \(folded.debugDescription)")
    }
    // The same on bytes, as the Markdown keeps its plain text: the folded bytes, and the excerpt of them.
    var copy = text
    if let bytes = copy.withUTF8(WhiteSpace.foldUTF8Bytes), bytes != Array(folded.utf8) {
        fatalError("the folded bytes of \(text.debugDescription) differ: \(bytes)")
    }
    let measuredBytes = copy.withUTF8(Excerpt.measured(utf8:))
    guard measuredBytes.cut ?? (text.isEmpty ? nil : text) == measured.excerpt,
        measuredBytes.hasMoreThanAnExcerpt == measured.hasMoreThanAnExcerpt
    else {
        fatalError("the excerpt of the bytes of \(text.debugDescription) differs: \(measuredBytes)")
    }
    // As Markdown: the excerpt from the start of the literals (cut at any scalar, grown as needed) is the
    // excerpt of all of them.
    let start = renderer.render(text, textBytes: 1 + count % 200)
    let whole = renderer.render(text, textBytes: .max)
    guard start.excerpt == whole.excerpt, start.html == whole.html else {
        fatalError("the excerpt of \(text.debugDescription) from its start is \(String(describing: start.excerpt))")
    }
    // Escaped for HTML a word at a time, as scalar by scalar.
    let escaped = try? Template("{{text}}", escaping: .html).render(["text": .text(text)])
    guard escaped == TemplateEscaping.escapedHTMLByScalars(text) else {
        fatalError("\(text.debugDescription) is escaped as \(String(describing: escaped))")
    }
    return 0
}

private let renderer = MarkdownRenderer()
