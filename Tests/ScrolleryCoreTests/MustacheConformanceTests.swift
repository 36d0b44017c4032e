import Foundation
import Testing

@testable import ScrolleryCore

/// One case of a rule of the Mustache spec: the rule's name in the spec, and a template, data, partials
/// and output written for Scrollery (none of them is copied from the spec's own files).
struct MustacheCase: Sendable, CustomTestStringConvertible {
    let rule: String
    let template: String
    /// The context, as JSON.
    let data: String
    let partials: [String: String]
    let expected: String

    init(_ rule: String, _ template: String, data: String, partials: [String: String], _ expected: String) {
        self.rule = rule
        self.template = template
        self.data = data
        self.partials = partials
        self.expected = expected
    }

    var testDescription: String { rule }
}

/// Conformance to the Mustache spec (https://github.com/mustache/spec, `specs/*.yml`): every rule of the
/// core modules (comments, delimiters, interpolation, inverted, partials, sections) and of the optional
/// `~inheritance` module, one table per spec file, each row named after the rule it checks.
///
/// Out of scope, so not tested: `~lambdas` (themes are data, not code, and JSON has no functions),
/// `~dynamic-names` (`{{>*name}}`: a theme names its partials and parents in the open, which lets
/// `scrollery check` find every one), and the "Dotted Names - Leading Dot" rule (`{{.name}}`) that some
/// versions of `interpolation.yml` have: names are `name`, `name.child` or `.`.
@Suite("Mustache spec")
struct MustacheConformanceTests {
    func check(_ test: MustacheCase) throws {
        let json = try JSONValue.parse(Data(test.data.utf8))
        let context = TemplateValue(json: json) ?? [:]
        let library = try TemplateLibrary(test.partials.merging(["main": test.template]) { _, main in main })
        let output = String(decoding: try library.render("main", context), as: UTF8.self)
        #expect(output == test.expected, "\(test.rule)")
    }

    // MARK: - comments.yml

    static let commentsCases: [MustacheCase] = [
        MustacheCase("Inline", "ab{{! a note }}cd", data: "{}", partials: [:], "abcd"),
        MustacheCase("Multiline", "ab{{!\n first line\n second line\n}}cd", data: "{}", partials: [:], "abcd"),
        MustacheCase("Standalone", "start\n{{! dropped }}\nend\n", data: "{}", partials: [:], "start\nend\n"),
        MustacheCase(
            "Indented Standalone", "start\n   {{! dropped }}\nend\n", data: "{}", partials: [:], "start\nend\n"),
        MustacheCase("Standalone Line Endings", "x\r\n{{! dropped }}\r\ny", data: "{}", partials: [:], "x\r\ny"),
        MustacheCase("Standalone Without Previous Line", "  {{! dropped }}\nrest", data: "{}", partials: [:], "rest"),
        MustacheCase("Standalone Without Newline", "rest\n  {{! dropped }}", data: "{}", partials: [:], "rest\n"),
        MustacheCase(
            "Multiline Standalone", "top\n{{!\nmany\nlines\n}}\nbottom\n", data: "{}", partials: [:], "top\nbottom\n"),
        MustacheCase(
            "Indented Multiline Standalone", "top\n  {{!\n  many\n  lines\n  }}\nbottom\n", data: "{}", partials: [:],
            "top\nbottom\n"),
        MustacheCase("Indented Inline", "  x {{! kept line }}\n", data: "{}", partials: [:], "  x \n"),
        MustacheCase("Surrounding Whitespace", "1 {{! gone }} 2", data: "{}", partials: [:], "1  2"),
        MustacheCase(
            "Variable Name Collision", "[{{! note}}][{{!note}}]",
            data: "{\"! note\": \"no\", \"!note\": \"no\", \"note\": \"no\"}", partials: [:], "[][]"),
    ]

    @Test("Comments: `{{! … }}` prints nothing, and alone on its line leaves no line behind", arguments: commentsCases)
    func comments(_ test: MustacheCase) throws {
        try check(test)
    }

    // MARK: - delimiters.yml

    static let delimitersCases: [MustacheCase] = [
        MustacheCase("Pair Behavior", "{{=[[ ]]=}}<[[who]]>", data: "{\"who\": \"you\"}", partials: [:], "<you>"),
        MustacheCase("Special Characters", "{{=$[ ]$=}}($[who]$)", data: "{\"who\": \"you\"}", partials: [:], "(you)"),
        MustacheCase(
            "Sections", "{{=<% %>=}}<%#on%>[<%who%>]<%/on%>{{who}}", data: "{\"on\": true, \"who\": \"me\"}",
            partials: [:], "[me]{{who}}"),
        MustacheCase(
            "Inverted Sections", "{{=<% %>=}}<%^off%>[<%who%>]<%/off%>{{who}}",
            data: "{\"off\": false, \"who\": \"me\"}", partials: [:], "[me]{{who}}"),
        MustacheCase(
            "Partial Inheritence", "{{=<% %>=}}<%>card%>|<%who%>", data: "{\"who\": \"me\"}",
            partials: ["card": "[{{who}}]"], "[me]|me"),
        MustacheCase(
            "Post-Partial Behavior", "{{>card}}|{{who}}", data: "{\"who\": \"me\"}",
            partials: ["card": "{{=<% %>=}}<%who%>"], "me|me"),
        MustacheCase("Surrounding Whitespace", "a {{=<% %>=}} b", data: "{}", partials: [:], "a  b"),
        MustacheCase("Outlying Whitespace (Inline)", " a {{=<% %>=}}\n", data: "{}", partials: [:], " a \n"),
        MustacheCase("Standalone Tag", "first\n{{=<% %>=}}\nlast\n", data: "{}", partials: [:], "first\nlast\n"),
        MustacheCase(
            "Indented Standalone Tag", "first\n   {{=<% %>=}}\nlast\n", data: "{}", partials: [:], "first\nlast\n"),
        MustacheCase("Standalone Line Endings", "a\r\n{{=<% %>=}}\r\nb", data: "{}", partials: [:], "a\r\nb"),
        MustacheCase("Standalone Without Previous Line", "  {{=<% %>=}}\nz", data: "{}", partials: [:], "z"),
        MustacheCase("Standalone Without Newline", "z\n  {{=<% %>=}}", data: "{}", partials: [:], "z\n"),
        MustacheCase("Pair with Padding", "{{=   <%   %>   =}}<%who%>", data: "{\"who\": \"me\"}", partials: [:], "me"),
    ]

    @Test("Set delimiters: `{{=<% %>=}}` changes the tags until the end of the template", arguments: delimitersCases)
    func delimiters(_ test: MustacheCase) throws {
        try check(test)
    }

    // MARK: - interpolation.yml

    static let interpolationCases: [MustacheCase] = [
        MustacheCase("No Interpolation", "plain {text} here\n", data: "{}", partials: [:], "plain {text} here\n"),
        MustacheCase("Basic Interpolation", "Hi {{name}}.", data: "{\"name\": \"Ann\"}", partials: [:], "Hi Ann."),
        MustacheCase(
            "No Re-interpolation", "{{code}}", data: "{\"code\": \"{{other}}\", \"other\": \"x\"}", partials: [:],
            "{{other}}"),
        MustacheCase(
            "HTML Escaping", "{{v}}", data: "{\"v\": \"<a href=\\\"x\\\">&</a>\"}", partials: [:],
            "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;"),
        MustacheCase(
            "Triple Mustache", "{{{v}}}", data: "{\"v\": \"<a href=\\\"x\\\">&</a>\"}", partials: [:],
            "<a href=\"x\">&</a>"),
        MustacheCase(
            "Ampersand", "{{&v}}", data: "{\"v\": \"<a href=\\\"x\\\">&</a>\"}", partials: [:], "<a href=\"x\">&</a>"),
        MustacheCase("Basic Integer Interpolation", "{{n}} items", data: "{\"n\": 42}", partials: [:], "42 items"),
        MustacheCase(
            "Triple Mustache Integer Interpolation", "{{{n}}} items", data: "{\"n\": 42}", partials: [:], "42 items"),
        MustacheCase("Ampersand Integer Interpolation", "{{&n}} items", data: "{\"n\": 42}", partials: [:], "42 items"),
        MustacheCase("Basic Decimal Interpolation", "{{x}} kg", data: "{\"x\": 2.50}", partials: [:], "2.5 kg"),
        MustacheCase(
            "Triple Mustache Decimal Interpolation", "{{{x}}} kg", data: "{\"x\": 2.50}", partials: [:], "2.5 kg"),
        MustacheCase("Ampersand Decimal Interpolation", "{{&x}} kg", data: "{\"x\": 2.50}", partials: [:], "2.5 kg"),
        MustacheCase("Basic Null Interpolation", "[{{nothing}}]", data: "{\"nothing\": null}", partials: [:], "[]"),
        MustacheCase(
            "Triple Mustache Null Interpolation", "[{{{nothing}}}]", data: "{\"nothing\": null}", partials: [:], "[]"),
        MustacheCase(
            "Ampersand Null Interpolation", "[{{&nothing}}]", data: "{\"nothing\": null}", partials: [:], "[]"),
        MustacheCase("Basic Context Miss Interpolation", "[{{absent}}]", data: "{}", partials: [:], "[]"),
        MustacheCase("Triple Mustache Context Miss Interpolation", "[{{{absent}}}]", data: "{}", partials: [:], "[]"),
        MustacheCase("Ampersand Context Miss Interpolation", "[{{&absent}}]", data: "{}", partials: [:], "[]"),
        MustacheCase(
            "Dotted Names - Basic Interpolation", "{{user.name}}={{#user}}{{name}}{{/user}}",
            data: "{\"user\": {\"name\": \"<Bo>\"}}", partials: [:], "&lt;Bo&gt;=&lt;Bo&gt;"),
        MustacheCase(
            "Dotted Names - Triple Mustache Interpolation", "{{{user.name}}}={{#user}}{{{name}}}{{/user}}",
            data: "{\"user\": {\"name\": \"<Bo>\"}}", partials: [:], "<Bo>=<Bo>"),
        MustacheCase(
            "Dotted Names - Ampersand Interpolation", "{{&user.name}}={{#user}}{{&name}}{{/user}}",
            data: "{\"user\": {\"name\": \"<Bo>\"}}", partials: [:], "<Bo>=<Bo>"),
        MustacheCase(
            "Dotted Names - Arbitrary Depth", "{{a.b.c.d.e}}",
            data: "{\"a\": {\"b\": {\"c\": {\"d\": {\"e\": \"deep\"}}}}}", partials: [:], "deep"),
        MustacheCase("Dotted Names - Broken Chains", "[{{a.b.c}}]", data: "{\"a\": {}}", partials: [:], "[]"),
        MustacheCase(
            "Dotted Names - Broken Chain Resolution", "[{{a.b.c.d}}]",
            data: "{\"a\": {\"b\": {}}, \"c\": {\"d\": \"wrong\"}}", partials: [:], "[]"),
        MustacheCase(
            "Dotted Names - Initial Resolution", "{{#outer}}{{x.y}}{{/outer}}",
            data: "{\"outer\": {\"x\": {\"y\": \"right\"}}, \"x\": {\"y\": \"wrong\"}}", partials: [:], "right"),
        MustacheCase(
            "Dotted Names - Context Precedence", "[{{#a}}{{b.c}}{{/a}}]",
            data: "{\"a\": {\"b\": {}}, \"b\": {\"c\": \"wrong\"}}", partials: [:], "[]"),
        MustacheCase("Implicit Iterators - Basic Interpolation", "<{{.}}>", data: "\"top\"", partials: [:], "<top>"),
        MustacheCase("Implicit Iterators - HTML Escaping", "{{.}}", data: "\"a & b\"", partials: [:], "a &amp; b"),
        MustacheCase("Implicit Iterators - Triple Mustache", "{{{.}}}", data: "\"a & b\"", partials: [:], "a & b"),
        MustacheCase("Implicit Iterators - Ampersand", "{{&.}}", data: "\"a & b\"", partials: [:], "a & b"),
        MustacheCase("Implicit Iterators - Basic Integer Interpolation", "({{.}})", data: "7", partials: [:], "(7)"),
        MustacheCase(
            "Interpolation - Surrounding Whitespace", "[ {{v}} ]", data: "{\"v\": \"x\"}", partials: [:], "[ x ]"),
        MustacheCase(
            "Triple Mustache - Surrounding Whitespace", "[ {{{v}}} ]", data: "{\"v\": \"x\"}", partials: [:], "[ x ]"),
        MustacheCase(
            "Ampersand - Surrounding Whitespace", "[ {{&v}} ]", data: "{\"v\": \"x\"}", partials: [:], "[ x ]"),
        MustacheCase("Interpolation - Standalone", "   {{v}}\n", data: "{\"v\": \"x\"}", partials: [:], "   x\n"),
        MustacheCase("Triple Mustache - Standalone", "   {{{v}}}\n", data: "{\"v\": \"x\"}", partials: [:], "   x\n"),
        MustacheCase("Ampersand - Standalone", "   {{&v}}\n", data: "{\"v\": \"x\"}", partials: [:], "   x\n"),
        MustacheCase("Interpolation With Padding", "({{  v  }})", data: "{\"v\": \"x\"}", partials: [:], "(x)"),
        MustacheCase("Triple Mustache With Padding", "({{{  v  }}})", data: "{\"v\": \"x\"}", partials: [:], "(x)"),
        MustacheCase("Ampersand With Padding", "({{&  v  }})", data: "{\"v\": \"x\"}", partials: [:], "(x)"),
    ]

    @Test("Interpolation: `{{name}}` escaped, `{{{name}}}` and `{{&name}}` as they are", arguments: interpolationCases)
    func interpolation(_ test: MustacheCase) throws {
        try check(test)
    }

    // MARK: - inverted.yml

    static let invertedCases: [MustacheCase] = [
        MustacheCase("Falsey", "<{{^f}}shown{{/f}}>", data: "{\"f\": false}", partials: [:], "<shown>"),
        MustacheCase("Truthy", "<{{^t}}hidden{{/t}}>", data: "{\"t\": true}", partials: [:], "<>"),
        MustacheCase("Null is falsey", "<{{^n}}shown{{/n}}>", data: "{\"n\": null}", partials: [:], "<shown>"),
        MustacheCase("Context", "<{{^obj}}hidden{{/obj}}>", data: "{\"obj\": {\"k\": \"v\"}}", partials: [:], "<>"),
        MustacheCase(
            "List", "<{{^items}}{{a}}{{/items}}>", data: "{\"items\": [{\"a\": 1}, {\"a\": 2}]}", partials: [:], "<>"),
        MustacheCase("Empty List", "<{{^items}}none{{/items}}>", data: "{\"items\": []}", partials: [:], "<none>"),
        MustacheCase(
            "Doubled", "{{^f}}\n- 1\n{{/f}}\n- {{mid}}\n{{^f}}\n- 3\n{{/f}}\n", data: "{\"f\": false, \"mid\": \"2\"}",
            partials: [:], "- 1\n- 2\n- 3\n"),
        MustacheCase(
            "Nested (Falsey)", "( {{^f}}x {{^f}}y{{/f}} z{{/f}} )", data: "{\"f\": false}", partials: [:], "( x y z )"),
        MustacheCase(
            "Nested (Truthy)", "( {{^t}}x {{^t}}y{{/t}} z{{/t}} )", data: "{\"t\": true}", partials: [:], "(  )"),
        MustacheCase("Context Misses", "<{{^gone}}missing{{/gone}}>", data: "{}", partials: [:], "<missing>"),
        MustacheCase(
            "Dotted Names - Truthy", "<{{^p.q}}no{{/p.q}}>", data: "{\"p\": {\"q\": true}}", partials: [:], "<>"),
        MustacheCase(
            "Dotted Names - Falsey", "<{{^p.q}}no{{/p.q}}>", data: "{\"p\": {\"q\": false}}", partials: [:], "<no>"),
        MustacheCase(
            "Dotted Names - Broken Chains", "<{{^p.q.r}}no{{/p.q.r}}>", data: "{\"p\": {}}", partials: [:], "<no>"),
        MustacheCase(
            "Surrounding Whitespace", " = {{^f}}\t-\t{{/f}} = \n", data: "{\"f\": false}", partials: [:],
            " = \t-\t = \n"),
        MustacheCase(
            "Internal Whitespace", " = {{^f}} {{! kept }}\n {{/f}} = \n", data: "{\"f\": false}", partials: [:],
            " =  \n  = \n"),
        MustacheCase(
            "Indented Inline Sections", " {{^f}}one{{/f}}\n {{^f}}two{{/f}}\n", data: "{\"f\": false}", partials: [:],
            " one\n two\n"),
        MustacheCase(
            "Standalone Lines", "> a\n{{^f}}\n> b\n{{/f}}\n> c\n", data: "{\"f\": false}", partials: [:],
            "> a\n> b\n> c\n"),
        MustacheCase(
            "Standalone Indented Lines", "> a\n    {{^f}}\n> b\n    {{/f}}\n> c\n", data: "{\"f\": false}",
            partials: [:], "> a\n> b\n> c\n"),
        MustacheCase(
            "Standalone Line Endings", "[\r\n{{^f}}\r\n{{/f}}\r\n]", data: "{\"f\": false}", partials: [:], "[\r\n]"),
        MustacheCase(
            "Standalone Without Previous Line", "  {{^f}}\n*{{/f}}\n!", data: "{\"f\": false}", partials: [:], "*\n!"),
        MustacheCase(
            "Standalone Without Newline", "*{{^f}}\n!\n  {{/f}}", data: "{\"f\": false}", partials: [:], "*\n!\n"),
        MustacheCase("Padding", "[{{^ f }}ok{{/ f }}]", data: "{\"f\": false}", partials: [:], "[ok]"),
    ]

    @Test(
        "Inverted sections: `{{^name}}` renders once when the value is false, missing or empty",
        arguments: invertedCases)
    func inverted(_ test: MustacheCase) throws {
        try check(test)
    }

    // MARK: - partials.yml

    static let partialsCases: [MustacheCase] = [
        MustacheCase("Basic Behavior", "<{{>greeting}}>", data: "{}", partials: ["greeting": "hello"], "<hello>"),
        MustacheCase("Failed Lookup", "<{{>nowhere}}>", data: "{}", partials: [:], "<>"),
        MustacheCase("Context", "<{{>card}}>", data: "{\"who\": \"Sam\"}", partials: ["card": "[{{who}}]"], "<[Sam]>"),
        MustacheCase(
            "Recursion", "{{>tree}}",
            data:
                "{\"name\": \"a\", \"kids\": [{\"name\": \"b\", \"kids\": []}, {\"name\": \"c\", \"kids\": [{\"name\": \"d\", \"kids\": []}]}]}",
            partials: ["tree": "{{name}}({{#kids}}{{>tree}}{{/kids}})"], "a(b()c(d()))"),
        MustacheCase(
            "Nested", "{{>outer}}", data: "{\"who\": \"x\"}",
            partials: ["inner": "I:{{who}}", "outer": "O:{{who}} {{>inner}}"], "O:x I:x"),
        MustacheCase("Surrounding Whitespace", "| {{>p}} |", data: "{}", partials: ["p": "--"], "| -- |"),
        MustacheCase(
            "Inline Indentation", "  {{v}} {{>p}}\n", data: "{\"v\": \"x\"}", partials: ["p": ">\n>"], "  x >\n>\n"),
        MustacheCase("Standalone Line Endings", "a\r\n{{>p}}\r\nb", data: "{}", partials: ["p": ">"], "a\r\n>b"),
        MustacheCase(
            "Standalone Without Previous Line", "  {{>p}}\n:", data: "{}", partials: ["p": "=\n="], "  =\n  =:"),
        MustacheCase("Standalone Without Newline", ">\n  {{>p}}", data: "{}", partials: ["p": "=\n="], ">\n  =\n  ="),
        MustacheCase(
            "Standalone Indentation", "top\n  {{>p}}\nbottom\n", data: "{\"v\": \"a\\nb\"}",
            partials: ["p": "[\n{{{v}}}\n]\n"], "top\n  [\n  a\nb\n  ]\nbottom\n"),
        MustacheCase("Padding Whitespace", "[{{>  p  }}]", data: "{\"on\": true}", partials: ["p": "ok"], "[ok]"),
    ]

    @Test(
        "Partials: `{{>name}}` renders another template, indented like a tag alone on its line",
        arguments: partialsCases)
    func partials(_ test: MustacheCase) throws {
        try check(test)
    }

    // MARK: - sections.yml

    static let sectionsCases: [MustacheCase] = [
        MustacheCase("Truthy", "<{{#t}}shown{{/t}}>", data: "{\"t\": true}", partials: [:], "<shown>"),
        MustacheCase("Falsey", "<{{#f}}hidden{{/f}}>", data: "{\"f\": false}", partials: [:], "<>"),
        MustacheCase("Null is falsey", "<{{#n}}hidden{{/n}}>", data: "{\"n\": null}", partials: [:], "<>"),
        MustacheCase(
            "Context", "{{#who}}Hi {{name}}!{{/who}}", data: "{\"who\": {\"name\": \"Lee\"}}", partials: [:], "Hi Lee!"),
        MustacheCase(
            "Parent contexts", "{{#in}}{{a}}/{{b}}/{{c.d}}{{/in}}",
            data: "{\"a\": \"up\", \"b\": \"wrong\", \"in\": {\"b\": \"here\"}, \"c\": {\"d\": \"far\"}}",
            partials: [:], "up/here/far"),
        MustacheCase("Variable test", "{{#w}}{{.}}={{w}}{{/w}}", data: "{\"w\": \"yes\"}", partials: [:], "yes=yes"),
        MustacheCase(
            "List Contexts", "{{#rows}}{{#cells}}{{label.short}}{{n}};{{/cells}}{{/rows}}",
            data: "{\"rows\": [{\"label\": {\"short\": \"R\"}, \"cells\": [{\"n\": 1}, {\"n\": 2}]}]}", partials: [:],
            "R1;R2;"),
        MustacheCase(
            "Deeply Nested Contexts",
            "{{#a}}\n{{x}}\n{{#b}}\n{{x}}{{y}}\n{{#c}}\n{{x}}{{y}}{{z}}\n{{/c}}\n{{/b}}\n{{/a}}\n",
            data: "{\"a\": {\"x\": 1}, \"b\": {\"y\": 2}, \"c\": {\"z\": 3}}", partials: [:], "1\n12\n123\n"),
        MustacheCase(
            "List", "<{{#items}}{{v}},{{/items}}>", data: "{\"items\": [{\"v\": 1}, {\"v\": 2}, {\"v\": 3}]}",
            partials: [:], "<1,2,3,>"),
        MustacheCase("Empty List", "<{{#items}}any{{/items}}>", data: "{\"items\": []}", partials: [:], "<>"),
        MustacheCase("Strings Not Lists", "<{{#s}}once{{/s}}>", data: "{\"s\": \"abc\"}", partials: [:], "<once>"),
        MustacheCase(
            "Doubled", "{{#t}}\n- 1\n{{/t}}\n- {{mid}}\n{{#t}}\n- 3\n{{/t}}\n", data: "{\"t\": true, \"mid\": \"2\"}",
            partials: [:], "- 1\n- 2\n- 3\n"),
        MustacheCase(
            "Nested (Truthy)", "( {{#t}}x {{#t}}y{{/t}} z{{/t}} )", data: "{\"t\": true}", partials: [:], "( x y z )"),
        MustacheCase(
            "Nested (Falsey)", "( {{#f}}x {{#f}}y{{/f}} z{{/f}} )", data: "{\"f\": false}", partials: [:], "(  )"),
        MustacheCase("Context Misses", "<{{#gone}}found{{/gone}}>", data: "{}", partials: [:], "<>"),
        MustacheCase(
            "Implicit Iterator - String", "{{#l}}[{{.}}]{{/l}}", data: "{\"l\": [\"x\", \"y\"]}", partials: [:],
            "[x][y]"),
        MustacheCase(
            "Implicit Iterator - Integer", "{{#l}}[{{.}}]{{/l}}", data: "{\"l\": [3, 4]}", partials: [:], "[3][4]"),
        MustacheCase(
            "Implicit Iterator - Decimal", "{{#l}}[{{.}}]{{/l}}", data: "{\"l\": [0.50, 2.250]}", partials: [:],
            "[0.5][2.25]"),
        MustacheCase(
            "Implicit Iterator - Array", "{{#l}}({{#.}}{{.}}{{/.}}){{/l}}", data: "{\"l\": [[1, 2], [\"x\", \"y\"]]}",
            partials: [:], "(12)(xy)"),
        MustacheCase(
            "Implicit Iterator - HTML Escaping", "{{#l}}[{{.}}]{{/l}}", data: "{\"l\": [\"<\", \"&\"]}", partials: [:],
            "[&lt;][&amp;]"),
        MustacheCase(
            "Implicit Iterator - Triple mustache", "{{#l}}[{{{.}}}]{{/l}}", data: "{\"l\": [\"<\", \"&\"]}",
            partials: [:], "[<][&]"),
        MustacheCase(
            "Implicit Iterator - Ampersand", "{{#l}}[{{&.}}]{{/l}}", data: "{\"l\": [\"<\", \"&\"]}", partials: [:],
            "[<][&]"),
        MustacheCase(
            "Implicit Iterator - Root-level", "{{#.}}({{v}}){{/.}}", data: "[{\"v\": \"a\"}, {\"v\": \"b\"}]",
            partials: [:], "(a)(b)"),
        MustacheCase(
            "Dotted Names - Truthy", "<{{#p.q}}yes{{/p.q}}>", data: "{\"p\": {\"q\": true}}", partials: [:], "<yes>"),
        MustacheCase(
            "Dotted Names - Falsey", "<{{#p.q}}yes{{/p.q}}>", data: "{\"p\": {\"q\": false}}", partials: [:], "<>"),
        MustacheCase(
            "Dotted Names - Broken Chains", "<{{#p.q.r}}yes{{/p.q.r}}>", data: "{\"p\": {}}", partials: [:], "<>"),
        MustacheCase(
            "Surrounding Whitespace", " = {{#t}}\t-\t{{/t}} = \n", data: "{\"t\": true}", partials: [:], " = \t-\t = \n"
        ),
        MustacheCase(
            "Internal Whitespace", " = {{#t}} {{! kept }}\n {{/t}} = \n", data: "{\"t\": true}", partials: [:],
            " =  \n  = \n"),
        MustacheCase(
            "Indented Inline Sections", " {{#t}}one{{/t}}\n {{#t}}two{{/t}}\n", data: "{\"t\": true}", partials: [:],
            " one\n two\n"),
        MustacheCase(
            "Standalone Lines", "> a\n{{#t}}\n> b\n{{/t}}\n> c\n", data: "{\"t\": true}", partials: [:],
            "> a\n> b\n> c\n"),
        MustacheCase(
            "Indented Standalone Lines", "> a\n    {{#t}}\n> b\n    {{/t}}\n> c\n", data: "{\"t\": true}",
            partials: [:], "> a\n> b\n> c\n"),
        MustacheCase(
            "Standalone Line Endings", "[\r\n{{#t}}\r\n{{/t}}\r\n]", data: "{\"t\": true}", partials: [:], "[\r\n]"),
        MustacheCase(
            "Standalone Without Previous Line", "  {{#t}}\n*{{/t}}\n!", data: "{\"t\": true}", partials: [:], "*\n!"),
        MustacheCase(
            "Standalone Without Newline", "*{{#t}}\n!\n  {{/t}}", data: "{\"t\": true}", partials: [:], "*\n!\n"),
        MustacheCase("Padding", "[{{# t }}ok{{/ t }}]", data: "{\"t\": true}", partials: [:], "[ok]"),
    ]

    @Test("Sections: `{{#name}}` hides, repeats or enters its content by the value", arguments: sectionsCases)
    func sections(_ test: MustacheCase) throws {
        try check(test)
    }

    // MARK: - ~inheritance.yml

    static let inheritanceCases: [MustacheCase] = [
        MustacheCase("Default", "{{$greeting}}Hello{{/greeting}}\n", data: "{}", partials: [:], "Hello\n"),
        MustacheCase("Variable", "{{$b}}hi {{who}}!{{/b}}", data: "{\"who\": \"Kim\"}", partials: [:], "hi Kim!"),
        MustacheCase(
            "Triple Mustache", "{{$b}}[{{{html}}}]{{/b}}", data: "{\"html\": \"<i>x</i>\"}", partials: [:], "[<i>x</i>]"
        ),
        MustacheCase(
            "Sections", "{{$b}}<{{#obj}}{{k}}{{/obj}}>{{/b}}", data: "{\"obj\": {\"k\": \"v\"}}", partials: [:], "<v>"),
        MustacheCase(
            "Negative Sections", "{{$b}}<{{^none}}{{k}}{{/none}}>{{/b}}", data: "{\"k\": \"v\"}", partials: [:], "<v>"),
        MustacheCase(
            "Mustache Injection", "{{$b}}{{#obj}}{{k}}{{/obj}}{{/b}}", data: "{\"obj\": {\"k\": \"{{x}}\"}}",
            partials: [:], "{{x}}"),
        MustacheCase(
            "Inherit", "{{<layout}}{{/layout}}\n", data: "{}", partials: ["layout": "{{$body}}empty body{{/body}}"],
            "empty body"),
        MustacheCase(
            "Overridden content", "{{<layout}}{{$body}}my body{{/body}}{{/layout}}", data: "{}",
            partials: ["layout": "<{{$body}}empty{{/body}}>"], "<my body>"),
        MustacheCase(
            "Data does not override block", "{{<layout}}{{$body}}child{{/body}}{{/layout}}",
            data: "{\"body\": \"data\"}", partials: ["layout": "{{$body}}layout{{/body}}"], "child"),
        MustacheCase(
            "Data does not override block default", "{{<layout}}{{/layout}}", data: "{\"body\": \"data\"}",
            partials: ["layout": "{{$body}}layout{{/body}}"], "layout"),
        MustacheCase(
            "Overridden parent", "x={{<layout}}{{$body}}y{{/body}}{{/layout}}", data: "{}",
            partials: ["layout": "{{$body}}?{{/body}}"], "x=y"),
        MustacheCase(
            "Two overridden parents", "{{<box}}{{$in}}1{{/in}}{{/box}}+{{<box}}{{$in}}2{{/in}}{{/box}}\n", data: "{}",
            partials: ["box": "[{{$in}}0{{/in}}{{$tail}}!{{/tail}}]"], "[1!]+[2!]\n"),
        MustacheCase(
            "Override parent with newlines", "{{<layout}}{{$body}}\nline 1\n\nline 3\n{{/body}}{{/layout}}", data: "{}",
            partials: ["layout": "{{$body}}none{{/body}}"], "line 1\n\nline 3\n"),
        MustacheCase(
            "Inherit indentation", "{{<layout}}{{$body}}replaced{{/body}}{{/layout}}", data: "{}",
            partials: ["layout": "list:\n    {{$body}}original{{/body}}\n"], "list:\n    replaced\n"),
        MustacheCase(
            "Only one override", "{{<layout}}{{$second}}2!{{/second}}{{/layout}}", data: "{}",
            partials: ["layout": "{{$first}}1{{/first}}-{{$second}}2{{/second}}"], "1-2!"),
        MustacheCase(
            "Parent template", "{{<layout}}{{/layout}}/{{>layout}}", data: "{}",
            partials: ["layout": "{{$body}}same{{/body}}"], "same/same"),
        MustacheCase(
            "Recursion", "{{<a}}{{$x}}X{{/x}}{{/a}}", data: "{}",
            partials: [
                "a": "{{$x}}a{{/x}};{{$y}}{{<b}}{{/b}}{{/y}}", "b": "{{$x}}b{{/x}};{{<a}}{{$y}}stop{{/y}}{{/a}}",
            ], "X;X;X;stop"),
        MustacheCase(
            "Multi-level inheritance", "{{<p1}}{{$v}}me{{/v}}{{/p1}}", data: "{}",
            partials: [
                "p1": "{{<p2}}{{$v}}p1{{/v}}{{/p2}}", "p2": "{{<p3}}{{$v}}p2{{/v}}{{/p3}}", "p3": "<{{$v}}p3{{/v}}>",
            ], "<me>"),
        MustacheCase(
            "Multi-level inheritance, no sub child", "{{<p1}}{{/p1}}", data: "{}",
            partials: [
                "p1": "{{<p2}}{{$v}}p1{{/v}}{{/p2}}", "p2": "{{<p3}}{{$v}}p2{{/v}}{{/p3}}", "p3": "<{{$v}}p3{{/v}}>",
            ], "<p1>"),
        MustacheCase(
            "Text inside parent", "{{<layout}} ignored {{$body}}kept{{/body}} also ignored {{/layout}}", data: "{}",
            partials: ["layout": "{{$body}}empty{{/body}}"], "kept"),
        MustacheCase(
            "Text inside parent", "{{<layout}} only text {{/layout}}", data: "{}",
            partials: ["layout": "{{$body}}empty{{/body}}"], "empty"),
        MustacheCase(
            "Block scope", "{{<layout}}{{$b}}<{{name}}>{{/b}}{{/layout}}",
            data: "{\"name\": \"outer\", \"inner\": {\"name\": \"inner\"}}",
            partials: ["layout": "{{#inner}}{{$b}}{{name}}{{/b}}{{/inner}}"], "<inner>"),
        MustacheCase(
            "Standalone parent", "Start:\n    {{<layout}}{{/layout}}\nEnd\n", data: "{}",
            partials: ["layout": "a\nb\n"], "Start:\n    a\n    b\nEnd\n"),
        MustacheCase(
            "Standalone block", "{{<layout}}{{$body}}\nfirst\nsecond{{/body}}\n{{/layout}}\n", data: "{}",
            partials: ["layout": "List:\n    {{$body}}{{/body}}\nEnd\n"], "List:\n    first\n    second\nEnd\n"),
        MustacheCase(
            "Block reindentation", "{{<layout}}{{$body}}\n      x\n      y\n{{/body}}{{/layout}}\n", data: "{}",
            partials: ["layout": "List:\n    {{$body}}\n    {{/body}}\nEnd\n"], "List:\n    x\n    y\nEnd\n"),
        MustacheCase(
            "Intrinsic indentation", "{{<layout}}{{$body}}\nx\ny\n{{/body}}{{/layout}}\n", data: "{}",
            partials: ["layout": "List:\n{{$body}}\n   d\n{{/body}}\nEnd\n"], "List:\n   x\n   y\nEnd\n"),
        // Beyond the spec's own examples: a pair that is not alone on its line keeps its spaces, and a
        // standalone partial inside a reindented block moves with the block.
        MustacheCase(
            "Standalone parent", "  {{<layout}}{{/layout}} tail\n", data: "{}",
            partials: ["layout": "{{$body}}empty{{/body}}"], "  empty tail\n"),
        MustacheCase(
            "Block reindentation", "{{<layout}}{{$body}}\n  {{>item}}\n{{/body}}{{/layout}}", data: "{}",
            partials: ["item": "a\nb\n", "layout": "List:\n    {{$body}}\n    {{/body}}\n"], "List:\n    a\n    b\n"),
        MustacheCase(
            "Nested block reindentation", "{{<mid}}{{$inner}}\nleaf\n{{/inner}}{{/mid}}\n", data: "{}",
            partials: [
                "mid":
                    "{{<top}}{{$outer}}\n    branch\n    {{$inner}}\n      default leaf\n    {{/inner}}\n{{/outer}}{{/top}}\n",
                "top": "{{$outer}}none{{/outer}}",
            ], "branch\n  leaf\n"),
    ]

    @Test(
        "Inheritance: parents (`{{<name}}`) and blocks (`{{$name}}`), with their indentation",
        arguments: inheritanceCases)
    func inheritance(_ test: MustacheCase) throws {
        try check(test)
    }
}
