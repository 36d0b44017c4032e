import Testing

@testable import ScrolleryCore

/// `independentCopy`: the templates and values a rendering thread gets of its own render as the
/// originals do, and hold no storage of the originals (so no reference count is written by two threads).
@Suite("Template copies")
struct TemplateCopyTests {
    static let sources = [
        "base":
            "<title>{{$title}}{{site.title}}{{/title}}</title>\n<main>\n  {{$main}}nothing here{{/main}}\n</main>\n"
            + "{{#site.footnoteOfTheWholeSite}}<footer>{{site.footnoteOfTheWholeSite}}</footer>{{/site.footnoteOfTheWholeSite}}\n",
        "page": "{{<base}}{{$title}}{{page.heading}} · {{site.title}}{{/title}}"
            + "{{$main}}\n  {{#items}}\n    {{>card}}\n  {{/items}}\n{{/main}}{{/base}}",
        "card": "<article id=\"item-{{position}}\">{{title}}</article>\n{{^title}}untitled{{/title}}\n",
    ]

    static let context: TemplateValue = [
        "site": ["title": "A gallery whose title is longer than fifteen bytes"],
        "page": ["heading": "Page one, with a heading of some length"],
        "items": [
            ["position": "1", "title": "Ørsted’s “first” photograph of the day"],
            ["position": "2", "title": "短い題名ではない長い題名の写真"],
            ["position": "3"],
        ],
    ]

    /// Where a string's bytes are stored (only for text longer than the 15 bytes a string holds inline).
    static func storage(of text: String) -> UnsafeRawPointer? {
        var text = text
        return text.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    static func storage(of bytes: [UInt8]) -> UnsafeRawPointer? {
        bytes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// Expects every pair of text nodes, long names and constants' outputs (`pairs`) in the named templates
    /// of `library` and `copy` to hold storage of their own, and returns how many pairs it compared.
    static func compareStorage(
        of library: TemplateLibrary, with copy: TemplateLibrary, templates: some Collection<String>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        var compared = 0
        for name in templates.sorted() {
            let one = try #require(library.template(named: name), sourceLocation: sourceLocation)
            let other = try #require(copy.template(named: name), sourceLocation: sourceLocation)
            for (a, b) in pairs(one, other) {
                #expect(
                    a != nil && a != b, "\(name) shares a node's storage with its copy", sourceLocation: sourceLocation)
                compared += 1
            }
        }
        return compared
    }

    /// Every pair of text nodes, long names and constants' outputs at the same place in two node trees.
    static func pairs(_ one: [TemplateNode], _ other: [TemplateNode]) -> [(UnsafeRawPointer?, UnsafeRawPointer?)] {
        zip(one, other).flatMap { pair -> [(UnsafeRawPointer?, UnsafeRawPointer?)] in
            switch pair {
            case (.text(let a), .text(let b)): return [(storage(of: a), storage(of: b))]
            case (.variable(let a, _), .variable(let b, _)): return pairs(a, b)
            case (.constant(let a, _, let one), .constant(let b, _, let other)):
                return pairs(a, b) + (one.isEmpty ? [] : [(storage(of: one), storage(of: other))])
            case (.section(let a, let one, _), .section(let b, let other, _)): return pairs(a, b) + pairs(one, other)
            case (.block(_, let a, _), .block(_, let b, _)): return pairs(a.nodes, b.nodes)
            case (.parent(_, let a, _), .parent(_, let b, _)):
                return a.keys.sorted().flatMap { pairs(a[$0]?.nodes ?? [], b[$0]?.nodes ?? []) }
            default: return []
            }
        }
    }

    /// The two names themselves, and the storage of each text of theirs longer than 15 bytes.
    static func pairs(_ one: TemplateName, _ other: TemplateName) -> [(UnsafeRawPointer?, UnsafeRawPointer?)] {
        let parts = zip([one.first].compactMap { $0 } + one.rest, [other.first].compactMap { $0 } + other.rest)
            .filter { $0.0.name.utf8.count > 15 }
            .map { (storage(of: $0.0.name), storage(of: $0.1.name)) }
        let texts = one.text.utf8.count > 15 ? [(storage(of: one.text), storage(of: other.text))] : []
        return [
            (
                UnsafeRawPointer(Unmanaged.passUnretained(one).toOpaque()),
                UnsafeRawPointer(Unmanaged.passUnretained(other).toOpaque())
            )
        ]
            + texts + parts
    }

    @Test("a copied library renders every template byte for byte as the original")
    func copyRendersTheSame() throws {
        let library = try TemplateLibrary(Self.sources)
        let copy = library.independentCopy()
        for name in Self.sources.keys.sorted() {
            let original = try library.render(name, Self.context)
            #expect(!original.isEmpty)
            #expect(try copy.render(name, Self.context) == original, "\(name)")
        }
        let rendered = String(decoding: try copy.render("page", Self.context), as: UTF8.self)
        #expect(rendered.contains("<title>Page one, with a heading of some length · A gallery whose title"))
        #expect(rendered.contains("    <article id=\"item-2\">短い題名ではない長い題名の写真</article>"))
        #expect(rendered.contains("    untitled"))
    }

    @Test("a copied library shares no text or name storage with the original")
    func copySharesNoStorage() throws {
        let library = try TemplateLibrary(Self.sources)
        let copy = library.independentCopy()
        var compared = try Self.compareStorage(of: library, with: copy, templates: Self.sources.keys)
        // The card as the page includes it, indented: a copy of its own too.
        let indented = try #require(library.partial(named: "card", indentation: "    "))
        let indentedCopy = try #require(copy.partial(named: "card", indentation: "    "))
        #expect(
            String(decoding: try copy.render("page", Self.context), as: UTF8.self).contains("\n    <article"))
        for (a, b) in Self.pairs(indented, indentedCopy) {
            #expect(a != nil && a != b, "the indented card shares a node's storage with its copy")
            compared += 1
        }
        #expect(compared >= 20)
    }

    @Test("a copied value holds the same text in storage of its own, all the way down")
    func valueCopy() throws {
        let copy = Self.context.independentCopy()
        let library = try TemplateLibrary(Self.sources)
        #expect(try library.render("page", copy) == library.render("page", Self.context))
        func firstTitle(_ value: TemplateValue) -> String? {
            guard case .text(let text)? = value.member("items")?.elements?.first?.member("title") else { return nil }
            return text
        }
        let original = try #require(firstTitle(Self.context))
        let copied = try #require(firstTitle(copy))
        #expect(original == copied)
        #expect(Self.storage(of: original) != Self.storage(of: copied))
        let json = TemplateValue.json(.object(["caption": .string("A caption that is long enough to be stored")]))
        guard case .text(let caption)? = json.member("caption"),
            case .text(let copiedCaption)? = json.independentCopy().member("caption")
        else {
            Issue.record("the caption is missing")
            return
        }
        #expect(caption == copiedCaption)
        #expect(Self.storage(of: caption) != Self.storage(of: copiedCaption))
    }
}
