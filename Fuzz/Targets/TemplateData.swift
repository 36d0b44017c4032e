import Foundation

@testable import Scrollery
@testable import ScrolleryCore

/// Fixed templates against fuzzed JSON: the default theme's pages with the document as their context,
/// and the item templates of a config and a detail URL with the document as a source item. Whatever the
/// source sends, a render ends with output or a render error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplateData(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let document = try? JSONValue.parse(Data(bytes: start, count: count)) else { return 0 }
    // The theme writes a source's text escaped: the same document with `<`, `>`, `"` and `'` in its
    // strings replaced gives pages with as many of each (the safe HTML of `descriptionHTML` aside).
    let context = TemplateValue(json: withoutHTML(document)) ?? [:]
    let neutral = TemplateValue(json: neutralized(withoutHTML(document))) ?? [:]
    for name in ["list", "item", "404"] {
        guard let page = try? theme?.render(name, context), let plain = try? theme?.render(name, neutral) else {
            continue
        }
        for markup in "<>\"'".utf8 where page.count(where: { $0 == markup }) != plain.count(where: { $0 == markup }) {
            fatalError("a value from the source added markup to \(name): \(String(decoding: page, as: UTF8.self))")
        }
    }
    let item = TemplateValue.item(document, detail: document)
    for template in fields {
        _ = try? template.render(item.item, top: item.top)
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

/// The document without members named `descriptionHTML`, which the theme writes as it is.
private func withoutHTML(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let elements): return .array(elements.map(withoutHTML))
    case .object(let members):
        return .object(members.filter { $0.key != "descriptionHTML" }.mapValues(withoutHTML))
    case .null, .bool, .number, .string: return value
    }
}

/// The document with `<`, `>`, `"` and `'` in its strings replaced by `_`.
private func neutralized(_ value: JSONValue) -> JSONValue {
    switch value {
    case .string(let text):
        return .string(String(text.map { "<>\"'".contains($0) ? "_" : $0 }))
    case .array(let elements): return .array(elements.map(neutralized))
    case .object(let members): return .object(members.mapValues(neutralized))
    case .null, .bool, .number: return value
    }
}
