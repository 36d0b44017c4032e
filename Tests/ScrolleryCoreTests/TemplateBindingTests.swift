import Testing

@testable import ScrolleryCore

/// `TemplateLibrary.binding(_:)`: a library bound to the names every page has renders what the library
/// before the binding renders, for any context whose root holds those names.
@Suite("Template binding")
struct TemplateBindingTests {
    static let constants: TemplateObject = [
        "site": [
            "title": "Ørsted’s <gallery> & “friends”",
            "baseURL": "/",
            "assets": ["css": "/assets/style.css"],
            "favorites": true,
            "tags": ["a", "b"],
        ],
        "strings": ["next": "Next page", "close": "Fermer l'image"],
        "generator": "Scrollery",
    ]

    static let sources = [
        "base":
            "<title>{{$title}}{{site.title}}{{/title}}</title>\n<link href=\"{{site.assets.css}}\">\n"
            + "<main>\n  {{$main}}nothing{{/main}}\n</main>\n<footer>{{generator}} {{{site.title}}} {{&site.title}}"
            + " {{site.favorites}} [{{site.tags}}] [{{site.assets}}] [{{site.nothing}}] [{{strings.absent}}]</footer>\n",
        "page":
            "{{<base}}{{$title}}{{page.heading}} · {{site.title}}{{/title}}"
            + "{{$main}}\n  {{#items}}\n    {{>card}}\n  {{/items}}\n{{/main}}{{/base}}",
        "card":
            "<a href=\"{{site.baseURL}}{{slug}}/\" title=\"{{strings.next}}\">{{title}}</a>"
            + "{{#site.favorites}} ♥ {{strings.close}}{{/site.favorites}}\n",
        "shadow":
            "{{#item}}[{{site.title}}|{{strings.next}}|{{generator}}]{{/item}}"
            + "{{#json}}({{site.title}}|{{strings.next}}){{/json}}",
        "deep":
            "{{#item}}{{#inner}}<{{site.title}}>{{/inner}}{{/item}}|{{#plain}}[{{site.title}}]{{/plain}}|"
            + "{{#list}}({{site.title}}){{/list}}",
    ]

    /// A page's context: the constants with names of its own, as `PageRenderer` builds one.
    static func context(_ own: [(String, TemplateValue)]) -> TemplateValue {
        var root = constants
        for (name, value) in own { root[name] = value }
        return .object(root)
    }

    static let page = context([
        ("page", ["heading": "Page <one>"]),
        ("items", [["slug": "first", "title": "A “first” one"], ["slug": "second", "title": "短い題名"]]),
    ])

    /// The variables the binding wrote out beforehand, at any depth of the nodes.
    static func constantCount(_ nodes: [TemplateNode]) -> Int {
        nodes.reduce(0) { count, node in
            switch node {
            case .constant: return count + 1
            case .section(_, let children, _): return count + constantCount(children)
            case .block(_, let block, _): return count + constantCount(block.nodes)
            case .parent(_, let blocks, _): return count + blocks.values.reduce(0) { $0 + constantCount($1.nodes) }
            case .text, .variable, .partial: return count
            }
        }
    }

    @Test("a bound library renders every template byte for byte as the unbound one")
    func boundRendersTheSame() throws {
        let library = try TemplateLibrary(Self.sources)
        let bound = library.binding(Self.constants)
        for name in ["base", "page", "card"] {
            #expect(Self.constantCount(try #require(bound.template(named: name))) > 0, "\(name) has no constants")
            let original = try library.render(name, Self.page)
            #expect(try bound.render(name, Self.page, rootHoldsConstants: true) == original, "\(name)")
        }
        // The partial indented where the page includes it is bound too.
        #expect(Self.constantCount(try #require(bound.partial(named: "card", indentation: "    "))) == 3)
        let rendered = String(decoding: try bound.render("page", Self.page, rootHoldsConstants: true), as: UTF8.self)
        #expect(rendered.contains("<title>Page &lt;one&gt; · Ørsted’s &lt;gallery&gt; &amp; “friends”</title>"))
        #expect(
            rendered.contains("    <a href=\"/first/\" title=\"Next page\">A “first” one</a> ♥ Fermer l&#39;image\n"))
        #expect(
            rendered.contains(
                "Scrollery Ørsted’s <gallery> & “friends” Ørsted’s <gallery> & “friends” true [] [] [] []"))
    }

    @Test("a section's value that has the first name is found before the constants")
    func sectionsShadowTheConstants() throws {
        let bound = try TemplateLibrary(Self.sources).binding(Self.constants)
        let shadowed = Self.context([
            ("item", ["site": ["title": "The item's own <site>"], "strings": ["next": "Suivant"]]),
            ("json", .json(.object(["site": .object(["title": .string("JSON’s site")]), "strings": .null]))),
        ])
        let rendered = String(decoding: try bound.render("shadow", shadowed, rootHoldsConstants: true), as: UTF8.self)
        // A JSON member that is null is no value: the name is found further out, at the root.
        #expect(rendered == "[The item&#39;s own &lt;site&gt;|Suivant|Scrollery](JSON’s site|Next page)")
        let unbound = try TemplateLibrary(Self.sources)
        #expect(try unbound.render("shadow", shadowed) == Array(rendered.utf8))
    }

    @Test("a shadow is found sections deep, its own dotted rest or nothing, element by element of a list")
    func deepShadows() throws {
        let bound = try TemplateLibrary(Self.sources).binding(Self.constants)
        let shadowed = Self.context([
            ("item", ["site": ["title": "The item's"], "inner": ["x": "1"]]),
            // `site` here is text: `site.title` is looked up in it, finds nothing and goes no further out.
            ("plain", ["site": "just text"]),
            ("list", [["site": ["title": "A"]], ["other": "1"]]),
        ])
        let rendered = String(decoding: try bound.render("deep", shadowed, rootHoldsConstants: true), as: UTF8.self)
        #expect(rendered == "<The item&#39;s>|[]|(A)(Ørsted’s &lt;gallery&gt; &amp; “friends”)")
        #expect(try TemplateLibrary(Self.sources).render("deep", shadowed) == Array(rendered.utf8))
    }

    @Test("a member is there for hasMember exactly when member finds it; JSON null is not there")
    func hasMemberAgreesWithMember() {
        let values: [TemplateValue] = [
            ["site": "x", "empty": ""],
            .json(.object(["site": .null, "flag": .bool(false), "text": .string(""), "list": .array([])])),
            .json(.array([.string("site")])), "site", .utf8(Array("site".utf8)), .bool(true), ["site"],
        ]
        for value in values {
            for name in ["site", "empty", "flag", "text", "list", "absent"] {
                let key = NameKey.of(name)
                #expect(value.hasMember(name, key: key) == (value.member(name, key: key) != nil), "\(name) in \(value)")
            }
        }
        #expect(!TemplateValue.json(.object(["site": .null])).hasMember("site", key: NameKey.of("site")))
        #expect(TemplateValue.json(.object(["site": .bool(false)])).hasMember("site", key: NameKey.of("site")))
    }

    @Test("a render that says its root holds the constants writes the bound values without looking them up")
    func boundValuesAreWritten() throws {
        let bound = try TemplateLibrary(Self.sources).binding(Self.constants)
        // The caller's promise is broken on purpose: the root's own `site` differs from the bound one.
        let other: TemplateValue = ["site": ["baseURL": "/other/"], "slug": "s", "title": "T"]
        #expect(
            String(decoding: try bound.render("card", other, rootHoldsConstants: true), as: UTF8.self)
                == "<a href=\"/s/\" title=\"Next page\">T</a>\n")
        // Bound again, the library holds the new values alone.
        var otherConstants = Self.constants
        otherConstants["site"] = ["baseURL": "/other/"]
        let rebound = bound.binding(otherConstants)
        var root = otherConstants
        root["slug"] = "s"
        root["title"] = "T"
        let rendered = try rebound.render("card", .object(root), rootHoldsConstants: true)
        #expect(String(decoding: rendered, as: UTF8.self).hasPrefix("<a href=\"/other/s/\" title=\"Next page\">"))
        #expect(try TemplateLibrary(Self.sources).render("card", .object(root)) == rendered)
        // Bound to constants without `strings`, a tag that was bound to them is looked up again.
        var fewer = Self.constants
        fewer["strings"] = nil
        root["strings"] = nil
        let unbound = try bound.binding(fewer).render("card", .object(root), rootHoldsConstants: true)
        #expect(String(decoding: unbound, as: UTF8.self).hasPrefix("<a href=\"/s/\" title=\"\">"))
    }

    @Test("a render whose root does not hold the constants, or that escapes otherwise, looks the names up")
    func unboundRootsLookUp() throws {
        let bound = try TemplateLibrary(Self.sources).binding(Self.constants)
        let other: TemplateValue = ["site": ["baseURL": "/other/"], "slug": "s", "title": "T"]
        #expect(
            String(decoding: try bound.render("card", other), as: UTF8.self)
                == "<a href=\"/other/s/\" title=\"\">T</a>\n")
        let raw = try bound.render("card", Self.page.member("items")?.elements?.first ?? "", escaping: .none)
        #expect(String(decoding: raw, as: UTF8.self) == "<a href=\"first/\" title=\"\">A “first” one</a>\n")
        let unescaped = try bound.render("base", Self.page, escaping: .none, rootHoldsConstants: true)
        #expect(String(decoding: unescaped, as: UTF8.self).hasPrefix("<title>Ørsted’s <gallery> & “friends”</title>"))
    }

    @Test("a bound library's copy renders the same and shares no storage of the constants")
    func boundCopy() throws {
        let bound = try TemplateLibrary(Self.sources).binding(Self.constants)
        let copy = bound.independentCopy()
        #expect(
            try copy.render("page", Self.page, rootHoldsConstants: true)
                == bound.render("page", Self.page, rootHoldsConstants: true))
        let compared = try TemplateCopyTests.compareStorage(of: bound, with: copy, templates: Self.sources.keys)
        #expect(compared >= 40)
    }
}
