import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

/// Templates that nest too deep, include themselves or repeat without end: refused or stopped with an
/// error that names the template and the limit, never a crash or a hang.
@Suite("Template limits")
struct TemplateLimitTests {
    func nested(_ depth: Int, inner: String = "x") -> String {
        String(repeating: "{{#a}}", count: depth) + inner + String(repeating: "{{/a}}", count: depth)
    }

    func renderError(
        _ text: String, _ context: TemplateValue = [:], partials: [String: String] = [:]
    ) throws -> TemplateRenderError? {
        let library = try TemplateLibrary(partials.merging(["main": text]) { _, main in main })
        do {
            _ = try library.render("main", context)
            return nil
        } catch {
            return error
        }
    }

    @Test("50,000 nested sections are a syntax error naming the template, the line and the limit")
    func deepNesting() throws {
        let text = "<p>\n" + nested(50_000)
        #expect {
            _ = try TemplateLibrary(["list": text])
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("list, line 2:") && text.contains("at most 100 levels deep")
        }
        // The same in a parent, in blocks, and in inverted sections.
        for open in ["{{<p}}", "{{$b}}", "{{^a}}"] {
            #expect(throws: TemplateSyntaxError.self) {
                try TemplateParser.parse(String(repeating: open, count: 50_000))
            }
        }
    }

    @Test("100 nested sections are legal and render; the 101st is refused")
    func legalNesting() throws {
        let library = try TemplateLibrary(["ninety": nested(90, inner: "{{v}}"), "hundred": nested(100)])
        let context: TemplateValue = ["a": ["v": "deep"]]
        #expect(String(decoding: try library.render("ninety", context), as: UTF8.self) == "deep")
        #expect(String(decoding: try library.render("hundred", context), as: UTF8.self) == "x")
        #expect(throws: TemplateSyntaxError.self) { try TemplateParser.parse(nested(101)) }
    }

    @Test("a theme whose template nests too deep is refused when it loads, naming the file")
    func deepThemeTemplate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try nested(50_000).write(to: folder.appendingPathComponent("card.mustache"), atomically: true, encoding: .utf8)
        #expect {
            try Theme.load(overrides: folder)
        } throws: { error in
            "\(error)".contains("card.mustache") && "\(error)".contains("at most 100 levels deep")
        }
    }

    @Test("a partial that includes itself ends with an error naming it and the limit")
    func selfRecursivePartial() throws {
        let error = try renderError("{{> self}}", partials: ["self": "x{{> self}}"])
        #expect(error?.limit == .partialDepth)
        #expect(error?.template == "self")
        #expect(error?.path.first == "main")
        #expect(error?.description.contains("more than 64 levels deep") == true)
        // One that includes itself twice doubles at every level: it ends the same way, and fast.
        #expect(try renderError("{{>twice}}", partials: ["twice": "y{{>twice}}{{>twice}}"])?.limit == .partialDepth)
        // Through another template, and through a parent.
        #expect(try renderError("{{>a}}", partials: ["a": "{{>b}}", "b": "{{>a}}"])?.limit == .partialDepth)
        #expect(try renderError("{{<main}}{{/main}}")?.limit == .partialDepth)
    }

    @Test("a partial that includes itself inside sections stops at 256 open levels")
    func nestingLimit() throws {
        let error = try renderError(
            "{{>p}}", ["a": ["b": "c"]], partials: ["p": "{{#a}}{{#a}}{{#a}}{{#a}}{{>p}}{{/a}}{{/a}}{{/a}}{{/a}}"])
        #expect(error?.limit == .nesting)
        #expect(error?.description.contains("more than 256 levels deep") == true)
    }

    @Test("a block that holds itself stops instead of recursing")
    func selfReferentialBlock() throws {
        let error = try renderError("{{<base}}{{$a}}{{$a}}{{/a}}{{/a}}{{/base}}", partials: ["base": "{{$a}}{{/a}}"])
        #expect(error?.limit == .nesting)
    }

    @Test("sections that repeat inside a list of themselves stop after 100,000 expansions")
    func expansionLimit() throws {
        let context: TemplateValue = ["a": ["1", "2"]]
        let error = try renderError(nested(40), context)
        #expect(error?.limit == .expansions)
        #expect(error?.description.contains("100,000") == true)
        // The same in one template on its own (an item field).
        #expect {
            try Template(nested(40), escaping: .none, name: "item.title").render(context)
        } throws: { error in
            "\(error)".contains("`item.title`") && "\(error)".contains("100,000")
        }
        // A list of 20,000 is fine, and so is the default theme's listing page of 1,000 cards.
        let many = TemplateValue.list((0..<20_000).map { TemplateValue($0) })
        #expect(try renderError("{{#a}}{{.}}{{/a}}", ["a": many]) == nil)
    }

    @Test("an item field whose template stops at a limit is left out, and the item fails with the reason")
    func itemFieldLimit() throws {
        let templates = ItemConfig(
            id: "{{id}}", title: nested(40, inner: "{{.}}"), image: nil, width: nil, height: nil, alt: nil,
            description: nil, date: "{{date}}", link: nil)
        let mapper = try ItemMapper(templates, baseURL: try #require(BaseURL("/")))
        let value = try JSONValue.parse(Data(#"{"id": "7", "a": [1, 2], "date": "2024-01-01"}"#.utf8))
        let item = mapper.map(SourceItem(position: 1, value: value), detail: nil, error: nil)
        #expect(item.id == "7")
        #expect(item.title == "Untitled")
        #expect(item.date == "2024-01-01")
        #expect(item.error?.kind == .invalidTemplate)
        // The message names the template that stopped, which is the point.
        #expect(item.error?.message.contains("`item.title`") == true)
    }

    @Test("the default theme renders a listing page of 1,000 cards, every field set, within the limits")
    func largestListingPage() throws {
        let theme = try Theme.load(overrides: nil)
        let renderer = PageRenderer(
            theme: theme, paths: SitePaths(baseURL: try #require(BaseURL("/"))), title: "T", description: "D",
            autoPages: 5)
        let cards = (1...1000).map { position in
            renderer.card(
                GalleryItem(
                    position: position, id: "\(position)", title: "Item \(position)",
                    image: ImageReference(src: "/i.jpg", width: 4, height: 3, alt: "a"), description: nil,
                    date: "2024-01-01", link: "https://example.com/", error: Failure(.notFound, message: "e")),
                slug: "\(position)")
        }
        let page = try renderer.listPage(number: 2, cards: cards, hasNext: true)
        #expect(String(decoding: page, as: UTF8.self).contains("Item 1000"))
    }

    @Test("a theme partial that includes itself fails the build, naming the file and the limit; the site stays")
    func recursiveThemePartial() async throws {
        let site = try SiteFixture.numbered(3)
        defer { site.remove() }
        try await site.build()
        let before = try site.snapshot()
        let templates = site.folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "<article>{{> card}}</article>\n".write(
            to: templates.appendingPathComponent("card.mustache"), atomically: true, encoding: .utf8)
        do {
            try await site.build()
            Issue.record("the build should have failed")
        } catch {
            let message = "\(error)"
            let trail = "(list → base → card → card → … → card → card → card)"
            #expect(message.contains("card.mustache \(trail) stopped rendering"))
            #expect(message.contains("more than 64 levels deep"))
            #expect(message.contains("still holds the previous build"))
        }
        #expect(try site.snapshot() == before)
    }
}
