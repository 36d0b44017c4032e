import Foundation

@testable import Scrollery
@testable import ScrolleryCore

/// URL templates. An input that starts with `{` is a template, rendered against a fixed item; any other
/// input is the value of `id` in a fixed template, which it may never reshape: no `/`, `?`, `#` or `..`
/// of the value reaches the URL unencoded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURLTemplate(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    if text.hasPrefix("{") {
        if let template = try? URLTemplate(text, name: "detail.url") {
            _ = try? template.location(of: item)
            _ = try? template.render(["page": "2", "cursor": "a/b?c#d", "since": "..", "size": "100"])
        }
        return 0
    }
    let value = JSONValue.object(["id": .string(text), "n": .number(JSONNumber(1))])
    guard let location = try? fixed?.location(of: SourceItem(position: 1, value: value)) else {
        fatalError("the fixed template did not render for \(text.debugDescription)")
    }
    let prefix = "https://example.com/items/"
    let suffix = "/detail.json?n=1"
    guard location.hasPrefix(prefix), location.hasSuffix(suffix) else {
        fatalError("a value changed the shape of the URL: \(location)")
    }
    let encoded = location.dropFirst(prefix.count).dropLast(suffix.count)
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~%")
    guard encoded.allSatisfy(allowed.contains), encoded != ".", encoded != ".." else {
        fatalError("a value reached the URL unencoded: \(location)")
    }
    guard encoded.removingPercentEncoding == text else {
        fatalError("the value does not decode back from the URL: \(location)")
    }
    return 0
}

private let item = SourceItem(
    position: 1,
    value: (try? JSONValue.parse(Data(#"{"id": "a/b", "n": 7, "tags": ["x y", "z"], "detail": {"k": "?"}}"#.utf8)))
        ?? .null)

private let fixed = try? URLTemplate("https://example.com/items/{{id}}/detail.json?n={{n}}", name: "detail.url")
