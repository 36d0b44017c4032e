import Foundation

@testable import Scrollery
@testable import ScrolleryCore

/// Fixed templates against fuzzed JSON: the default theme's pages with the document as their context,
/// and the item templates of a config and a detail URL with the document as a source item. Whatever the
/// source sends, a render ends with output or a render error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplateData(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let document = try? JSONValue.parse(Data(bytes: start, count: count)) else { return 0 }
    let context = TemplateValue(json: document) ?? [:]
    for name in ["list", "item", "404"] {
        _ = try? theme?.render(name, context)
    }
    let item = TemplateValue.item(document, detail: document)
    for template in fields {
        _ = try? template.render(item)
    }
    if let location = try? detailURL?.location(of: SourceItem(position: 1, value: document)) {
        // A value is percent-encoded, so it can never add a segment to the path.
        guard location.hasPrefix("data/items/"), location.hasSuffix(".json"),
            !location.dropFirst("data/items/".count).contains("/")
        else { fatalError("a value changed the shape of the detail URL: \(location)") }
    }
    return 0
}

private let theme: TemplateLibrary? = try? TemplateLibrary(
    Dictionary(
        uniqueKeysWithValues: DefaultTheme.files.filter { $0.key.hasSuffix(".mustache") }.map {
            (String($0.key.dropLast(".mustache".count)), $0.value)
        }))

private let fields: [Template] = [
    "{{id}}", "{{title}}{{^title}}{{name}}{{/title}}",
    "{{#image}}{{src}}{{/image}}{{^image}}{{thumbnail.url}}{{/image}}",
    "{{#tags}}{{.}}, {{/tags}}", "{{detail.description}}\n\n{{#detail.links}}- {{href}}\n{{/detail.links}}",
    "{{#detail}}{{#items}}{{#tags}}{{.}}{{/tags}}{{/items}}{{/detail}}",
].compactMap { try? Template($0, escaping: .none, name: "item.field") }

private let detailURL = try? URLTemplate("data/items/{{id}}.json", name: "detail.url")
