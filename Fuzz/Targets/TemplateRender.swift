import Foundation

@testable import Scrollery
@testable import ScrolleryCore

/// A fuzzed template rendered against a fixed context, as a theme page (partials, parents and the
/// fuzzed template as a partial of itself) and as a field and a URL on its own: it renders, or throws a
/// syntax or render error; it never crashes, hangs or runs out of memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplateRender(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let partials = [
        "main": text, "self": text,
        "card": "<li>{{title}}{{#tags}} {{.}}{{/tags}}{{>self}}</li>\n",
        "base": "<h1>{{$title}}Default{{/title}}</h1>\n{{$main}}{{>self}}{{/main}}\n",
        "list": "{{<base}}{{$main}}\n  {{#items}}\n  {{>card}}\n  {{/items}}\n{{/main}}{{/base}}",
    ]
    if let library = try? TemplateLibrary(partials) {
        for name in ["main", "list"] { _ = try? library.render(name, context) }
    }
    for escaping in [TemplateEscaping.none, .urlComponent] {
        _ = try? Template(text, escaping: escaping).render(context)
    }
    return 0
}

private let context: TemplateValue = [
    "title": "A <b>title</b> & \"more\"", "n": "42", "empty": "", "yes": true, "no": false, "none": [],
    "items": [
        ["title": "one", "tags": ["a", "b", "c"]],
        ["title": "two", "image": ["src": "/x.jpg", "width": "4", "height": "3"], "tags": []],
        ["title": "three", "items": [["title": "nested"]]],
    ],
    "page": ["number": "2", "prev": ["url": "/"], "next": ["url": "/page/3/"], "isFirst": false],
    "site": ["title": "Site", "baseURL": "/gallery/"],
    "data": .json(document),
]

private let document: JSONValue =
    (try? JSONValue.parse(
        Data(#"{"id": 12345678901234567890, "tags": ["x", null, 1.5], "detail": {"ok": true, "list": [[1], []]}}"#.utf8)
    ))
    ?? .null
