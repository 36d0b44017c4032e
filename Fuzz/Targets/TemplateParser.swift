@testable import Scrollery
@testable import ScrolleryCore

/// The Mustache parser on any text: it either throws `TemplateSyntaxError` or returns nodes. The text is
/// also parsed as a library of partials that include one another with indentation, which makes the
/// library parse indented copies.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplateParser(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    guard (try? TemplateParser.parse(text)) != nil else { return 0 }
    let library = try? TemplateLibrary([
        "main": text, "self": text, "wrapper": "<div>\n  {{>main}}\n\t{{>self}}\n</div>\n",
    ])
    _ = library?.references
    return 0
}
