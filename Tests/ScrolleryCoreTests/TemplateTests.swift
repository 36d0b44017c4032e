import Foundation
import ScrolleryTestSupport
import Testing

@testable import ScrolleryCore

/// Scrollery's Mustache: the cases of the Mustache spec that themes and item fields use.
@Suite("Templates")
struct TemplateTests {
    func render(_ text: String, _ context: TemplateValue, partials: [String: String] = [:]) throws -> String {
        let library = try TemplateLibrary(partials.merging(["main": text]) { _, main in main })
        return String(decoding: try library.render("main", context), as: UTF8.self)
    }

    func syntaxError(_ text: String) -> TemplateSyntaxError? {
        do {
            _ = try TemplateParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("a variable is HTML-escaped; triple braces and & leave it as it is")
    func interpolation() throws {
        let context: TemplateValue = ["name": "<b>Tom & \"Jerry's\"</b>"]
        #expect(try render("{{name}}", context) == "&lt;b&gt;Tom &amp; &quot;Jerry&#39;s&quot;&lt;/b&gt;")
        #expect(try render("{{{name}}}|{{& name }}", context) == "<b>Tom & \"Jerry's\"</b>|<b>Tom & \"Jerry's\"</b>")
        #expect(try render("a{{missing}}b{{{missing}}}c", context) == "abc")
        #expect(try render("{{ name }}", ["name": "é ✓"]) == "é ✓")
    }

    @Test("text held as its UTF-8 bytes renders as the same text does, and is kept on disk as that text")
    func utf8Text() throws {
        let texts = ["", "p", "<p>Tom & \"Jerry's\"</p>\n", "雨上がりの京都 <b>&</b>"] + MarkdownTests.worldSentences
        let sources = [
            "{{v}}", "{{{v}}}", "{{& v}}", "[{{#v}}<{{.}}>{{/v}}]", "[{{^v}}none{{/v}}]", "{{#v}}{{{.}}}{{/v}}",
            "{{#v}}{{w}}{{/v}}",
        ]
        for text in texts {
            let asText: TemplateValue = ["v": .text(text), "w": "outer"]
            let asBytes: TemplateValue = ["v": .utf8(Array(text.utf8)), "w": "outer"]
            for source in sources {
                #expect(try render(source, asBytes) == render(source, asText), "\(source) \(text.debugDescription)")
            }
            for escaping in [TemplateEscaping.none, .html, .urlComponent] {
                let template = try Template("{{v}}", escaping: escaping)
                #expect(try template.render(asBytes) == template.render(asText), "\(escaping) \(text.debugDescription)")
            }
            var stored: [UInt8] = []
            TemplateValue.utf8(Array(text.utf8)).appendBytes(to: &stored)
            var offset = 0
            guard case .text(let readBack)? = TemplateValue(bytes: stored, offset: &offset) else {
                Issue.record("\(text.debugDescription) was not read back as text")
                continue
            }
            #expect(readBack == text)
            #expect(offset == stored.count)
        }
        // A copy in storage of its own holds the same bytes.
        guard case .utf8(let copied) = TemplateValue.utf8(Array("é & ü".utf8)).independentCopy() else {
            Issue.record("the copy is not bytes")
            return
        }
        #expect(copied == Array("é & ü".utf8))
    }

    @Test("HTML escaping sixteen bytes at a time writes what escaping each scalar writes, in any script")
    func htmlEscapingMatchesScalarByScalar() throws {
        var generator = SeededGenerator(seed: 20_261_125)
        let pieces =
            MarkdownTests.worldSentences + ["\u{600}", "&", "<", ">", "\"", "'", "a", "é", "&amp;", "<b>", "'\"'"]
        let template = try Template("{{text}}", escaping: .html)
        for _ in 0..<3_000 {
            // Lengths around the sixteen bytes read at once, with the five bytes at every offset.
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            let rendered = try template.render(["text": .text(text)])
            #expect(rendered == TemplateEscaping.escapedHTMLByScalars(text), "\(text.debugDescription)")
            // The same text held as its bytes is escaped by the same scan.
            #expect(try template.render(["text": .utf8(Array(text.utf8))]) == rendered, "\(text.debugDescription)")
        }
        #expect(TemplateEscaping.escapedHTMLByScalars("a<b>&'\"") == "a&lt;b&gt;&amp;&#39;&quot;")
        // A quote after a prepended sign is in that sign's Character, and is escaped all the same.
        #expect(try template.render(["text": "\u{600}\"<"]) == "\u{600}&quot;&lt;")
    }

    @Test(
        "a value on top is looked up before the context, by a lone variable, text and variables, and sections",
        arguments: [
            ("{{a}}", "top-a", "context-a"), ("{{{b}}}", "context-b", "context-b"),
            ("{{a}} {{b}}!", "top-a context-b!", "context-a context-b!"),
            ("{{#s}}{{a}}/{{b}}{{/s}}", "top-a/context-b", "context-a/context-b"),
            ("{{#top}}{{x}}{{/top}}", "1", "1"),
            // The rest of a dotted name is looked up in what its first part found on top, and nowhere else.
            ("{{d.x}}|{{d.y}}", "top-x|", "|context-y"),
            ("{{#d}}{{x}}{{a}}{{y}}{{/d}}", "top-xtop-a", "context-acontext-y"),
        ])
    func valueOnTop(template: String, withTop: String, alone: String) throws {
        let context: TemplateValue = [
            "a": "context-a", "b": "context-b", "s": true, "d": ["y": "context-y"], "top": ["x": "1"],
        ]
        let top: TemplateValue = ["a": "top-a", "d": ["x": "top-x"]]
        #expect(try Template(template, escaping: .html).render(context, top: top) == withTop)
        #expect(try Template(template, escaping: .html).render(context) == alone)
    }

    @Test("flags print as true and false; lists and objects print nothing")
    func scalars() throws {
        #expect(
            try render(
                "{{yes}} {{no}} [{{list}}] [{{object}}]",
                ["yes": true, "no": false, "list": ["a"], "object": ["a": "b"]]) == "true false [] []")
    }

    @Test("room made in an object, or in a shared copy of one, changes no name and leaves the original alone")
    func objectCapacity() throws {
        var made = TemplateObject(minimumCapacity: 16)
        #expect(made.count == 0)
        for index in 0..<20 { made["name\(index)"] = .text("\(index)") }
        #expect(made.count == 20)
        let shared = made
        var copy = shared
        copy.reserveCapacity(copy.count + 5)
        copy["name3"] = "changed"
        copy["extra"] = "added"
        #expect(copy.count == 21)
        #expect(shared.count == 20)
        if case .text(let value)? = shared["name3"] { #expect(value == "3") } else { Issue.record("name3 lost") }
        if case .text(let value)? = copy["name3"] { #expect(value == "changed") } else { Issue.record("no name3") }
        #expect(shared["extra"] == nil)
        #expect(copy.pairs.map(\.0) == (0..<20).map { "name\($0)" } + ["extra"])
    }

    @Test("an object finds each name it holds, after names are replaced and removed, and none it does not")
    func objectNames() throws {
        // Sixty-four names and more: every bit of the object's key filter is shared by several of them.
        let names = (0..<200).map { "name\($0)" }
        var object = TemplateObject()
        for name in names { object[name] = .text(name) }
        for (index, name) in names.enumerated() where index % 3 == 0 { object[name] = nil }
        for (index, name) in names.enumerated() where index % 6 == 0 { object[name] = .text("again " + name) }
        for (index, name) in names.enumerated() {
            let expected: String? = index % 6 == 0 ? "again " + name : index % 3 == 0 ? nil : name
            if case .text(let found)? = object[name] {
                #expect(found == expected, "\(name)")
            } else {
                #expect(expected == nil, "\(name)")
            }
            #expect(object["other\(index)"] == nil)
        }
        var emptied = object
        for name in names { emptied[name] = nil }
        #expect(emptied.pairs.isEmpty)
        #expect(names.allSatisfy { emptied[$0] == nil })
        // Through a section: a name the inner object does not have is found outside it.
        let context: TemplateValue = ["inner": .object(object), "outer": "outside"]
        #expect(
            try render("{{#inner}}{{name1}} {{outer}} [{{name3}}] {{name6}}{{/inner}}", context)
                == "name1 outside [] again name6")
    }

    @Test("a dotted name is looked up once from the innermost section outwards, then only inside what it found")
    func dottedNames() throws {
        let context: TemplateValue = ["a": ["b": ["c": "deep"]], "x": "outer", "s": ["y": "inner"]]
        #expect(try render("{{a.b.c}}", context) == "deep")
        #expect(try render("{{#s}}{{x}}/{{y}}{{/s}}", context) == "outer/inner")
        // `a.x` finds `a`, which has no `x`: the outer `x` is not used.
        #expect(try render("[{{a.x}}]", context) == "[]")
        #expect(try render("{{#a}}{{#b}}{{c}}{{/b}}{{/a}}", context) == "deep")
    }

    @Test(
        "sections: false, missing and empty lists hide; lists repeat; objects and text are entered; empty text counts")
    func sections() throws {
        let context: TemplateValue = [
            "yes": true, "no": false, "empty": [], "list": [["n": "1"], ["n": "2"]], "words": ["x", "y"],
            "object": ["n": "o"], "text": "t", "blank": "",
        ]
        #expect(
            try render("{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{#missing}}M{{/missing}}{{#empty}}E{{/empty}}", context) == "Y"
        )
        #expect(try render("{{#list}}<{{n}}>{{/list}}", context) == "<1><2>")
        #expect(try render("{{#words}}{{.}},{{/words}}", context) == "x,y,")
        #expect(
            try render("{{#object}}{{n}}{{/object}}{{#text}}[{{.}}]{{/text}}{{#blank}}B{{/blank}}", context) == "o[t]B")
        #expect(
            try render(
                "{{^no}}1{{/no}}{{^missing}}2{{/missing}}{{^empty}}3{{/empty}}{{^yes}}4{{/yes}}{{^list}}5{{/list}}{{^text}}6{{/text}}",
                context) == "123")
    }

    @Test("a tag alone on its line leaves no line behind; a variable alone on its line keeps it")
    func standaloneLines() throws {
        let context: TemplateValue = ["show": true, "name": "n"]
        #expect(try render("a\n{{#show}}\nin\n{{/show}}\nz\n", context) == "a\nin\nz\n")
        #expect(try render("a\n  {{! a comment }}  \nz", context) == "a\nz")
        #expect(try render("a\r\n{{#show}}\r\nin\r\n{{/show}}\r\nz", context) == "a\r\nin\r\nz")
        #expect(try render("a\n  {{name}}\nz", context) == "a\n  n\nz")
        #expect(try render("a {{#show}}b{{/show}} c\n", context) == "a b c\n")
        #expect(try render("{{#show}}\nlast line\n{{/show}}", context) == "last line\n")
    }

    @Test("a partial sees the current context, and one alone on an indented line is indented line by line")
    func partials() throws {
        let partials = ["item": "<li>{{name}}</li>\n", "block": "|\n{{{content}}}\n|\n"]
        #expect(
            try render("{{#list}}{{>item}}{{/list}}", ["list": [["name": "a"], ["name": "b"]]], partials: partials)
                == "<li>a</li>\n<li>b</li>\n")
        // The spec's case: the partial's lines are indented, not the lines of the data it shows.
        #expect(
            try render("\\\n  {{>block}}\n/\n", ["content": "<\n->"], partials: partials)
                == "\\\n  |\n  <\n->\n  |\n/\n")
        #expect(try render("[{{>nothing}}]", [:]) == "[]")
    }

    @Test("template inheritance: a parent's blocks are replaced by the child's, and the outermost child wins")
    func inheritance() throws {
        let partials = [
            "base": "<title>{{$title}}Default{{/title}}</title>\n{{$main}}\nnothing\n{{/main}}\n",
            "middle": "{{<base}}{{$title}}Middle{{/title}}{{$main}}middle main\n{{/main}}{{/base}}",
        ]
        #expect(
            try render("{{<base}}\n{{$title}}T {{x}}{{/title}}\nignored\n{{/base}}\n", ["x": "1"], partials: partials)
                == "<title>T 1</title>\nnothing\n")
        #expect(try render("{{<base}}{{/base}}", [:], partials: partials) == "<title>Default</title>\nnothing\n")
        #expect(
            try render("{{<middle}}{{$title}}Child{{/title}}{{/middle}}", [:], partials: partials)
                == "<title>Child</title>\nmiddle main\n")
    }

    @Test("set delimiters change the tags for the rest of the template")
    func delimiters() throws {
        #expect(try render("{{=<% %>=}}<% name %> {{name}} <%={{ }}=%>{{name}}", ["name": "n"]) == "n {{name}} n")
    }

    @Test("JSON from a source: numbers as text without .0, null as missing, arrays as lists")
    func json() throws {
        let document = try JSONValue.parse(
            Data(#"{"id": 7, "ratio": 1.5, "gone": null, "tags": ["a", null, "b"], "nested": {"ok": true}}"#.utf8))
        let context = TemplateValue.json(document)
        #expect(try render("{{id}} {{ratio}} [{{gone}}]{{^gone}}none{{/gone}}", context) == "7 1.5 []none")
        #expect(try render("{{#tags}}{{.}};{{/tags}} {{#nested.ok}}yes{{/nested.ok}}", context) == "a;b; yes")
    }

    @Test("escaping: none for item fields, percent-encoding for URLs (a value cannot add a path segment)")
    func escapings() throws {
        let context: TemplateValue = ["id": "../a b/?#&<"]
        #expect(try Template("{{id}}", escaping: .none).render(context) == "../a b/?#&<")
        #expect(
            try Template("/items/{{id}}.json", escaping: .urlComponent).render(context)
                == "/items/..%2Fa%20b%2F%3F%23%26%3C.json")
        #expect(try Template("{{id}}", escaping: .urlComponent).render(["id": ".."]) == "%2E%2E")
    }

    @Test("a field template of text and variables writes what the renderer writes, in each escaping")
    func flatTemplates() throws {
        let sources = [
            "images/{{id}}.svg", "{{id}}", "{{{id}}}", "{{& id}}", "{{a}}-{{b.c}}/{{b.missing}}", "x{{missing}}y",
            "{{flag}}|{{list}}|{{object}}", "{{.}}", "{{json.n}} {{json.s}} {{json.null}}", "line\n  {{id}}\n",
            "{{#flag}}[{{id}}]{{/flag}}", "no tags at all",
        ]
        let context: TemplateValue = [
            "id": "../a b/?#&<é 雨 👍🏽", "a": .utf8(Array("<b>&</b>".utf8)), "b": ["c": "ü/ü"], "flag": true,
            "list": ["x", "y"], "object": ["k": "v"],
            "json": TemplateValue(json: try JSONValue.parse(Data(#"{"n": 4.50, "s": "a\"b", "null": null}"#.utf8)))!,
        ]
        for source in sources {
            for escaping in [TemplateEscaping.none, .html, .urlComponent] {
                var renderer = TemplateRenderer(
                    library: TemplateLibrary(), escaping: escaping, context: context, name: "t")
                try renderer.render(TemplateParser.parse(source), blocks: [:])
                let expected = String(decoding: renderer.output, as: UTF8.self)
                #expect(
                    try Template(source, escaping: escaping).render(context) == expected, "\(source) \(escaping)")
            }
        }
        #expect(try Template("images/{{id}}.svg", escaping: .urlComponent).render(["id": "a/b"]) == "images/a%2Fb.svg")
    }

    @Test("syntax errors name the line and the tag")
    func errors() {
        #expect(syntaxError("a\n{{#open}}\nb")?.description.contains("line 2") == true)
        #expect(syntaxError("a\n{{#open}}\nb")?.description.contains("never closed") == true)
        #expect(syntaxError("{{#a}}\n{{/b}}")?.description.contains("`{{/b}}` closes `a`, opened on line 1") == true)
        #expect(syntaxError("x\ny {{name")?.description.contains("line 2") == true)
        #expect(syntaxError("{{/a}}")?.description.contains("closes nothing") == true)
        #expect(syntaxError("{{a..b}}")?.description.contains("not a name") == true)
        #expect(syntaxError("{{=<% %>}}") != nil)
        #expect(syntaxError("{{% PRAGMA }}")?.description.contains("not supported") == true)
        #expect(syntaxError("{{^last()}}x{{/last()}}")?.description.contains("is a transform") == true)
        #expect(syntaxError("{{uppercased(title)}}")?.description.contains("no transforms") == true)
        #expect(syntaxError("{{! comment }}{{a.b}}{{{c}}}{{&d}}{{#e}}{{^f}}{{/f}}{{/e}}") == nil)
    }
}
