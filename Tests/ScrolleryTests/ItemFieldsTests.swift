import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrollerySearch
@testable import ScrolleryTestSites

/// `item.fields`: any field of the source on the item page and, with `theme.cardFields`, on the card.
@Suite("Item fields")
struct ItemFieldsTests {
    static let file = FileManager.default.temporaryDirectory.appendingPathComponent("fields-test/scrollery.yml")

    static func config(_ fields: String, theme: String = "") throws(ConfigError) -> SiteConfig {
        let yaml = """
            source:
              url: data/page-{{page}}.json
            item:
              id: "{{id}}"
              title: "{{title}}"
              fields:
            \(fields)
            \(theme)
            """
        return try SiteConfig.parse(yaml: yaml, file: file)
    }

    static func error(_ fields: String, theme: String = "") -> ConfigError? {
        do {
            _ = try config(fields, theme: theme)
            return nil
        } catch {
            return error
        }
    }

    @Test("fields keep the config's order, names and templates; cardFields name some of them")
    func decoded() throws {
        let config = try Self.config(
            """
                photographer: "{{author}}"
                camera_model: "{{detail.camera}}"
                original: "{{url}}"
            """, theme: "theme: { cardFields: [original, photographer] }")
        #expect(config.item.fields.map(\.name) == ["photographer", "camera_model", "original"])
        #expect(config.item.fields[1].template == "{{detail.camera}}")
        #expect(config.item.fields[1].label == "Camera model")
        #expect(config.theme.cardFields == ["original", "photographer"])
    }

    @Test(
        "a name that is not an identifier or is a built-in key, a broken template, an unknown card field: refused",
        arguments: [
            ("    1st: \"{{a}}\"", "", "item.fields.1st", 7, "not a field name"),
            ("    a-b: \"{{a}}\"", "", "item.fields.a-b", 7, "not a field name"),
            ("    straße: \"{{a}}\"", "", "item.fields.straße", 7, "not a field name"),
            ("    title: \"{{a}}\"", "", "item.fields.title", 7, "built-in key"),
            ("    url: \"{{a}}\"", "", "item.fields.url", 7, "built-in key"),
            ("    tag: \"{{#a}}\"", "", "item.fields.tag", 7, "not a valid Mustache template"),
            ("    tag: \"{{a}}\"", "theme: { cardFields: [tags] }", "theme.cardFields", 8, "not one of item.fields"),
        ])
    func refused(fields: String, theme: String, key: String, line: Int, words: String) throws {
        let error = try #require(Self.error(fields, theme: theme))
        #expect(error.key == key)
        #expect(error.line == line, "the line of the key: \(error)")
        #expect(error.problem.contains(words), "\(error)")
        #expect(!error.fix.isEmpty)
    }

    @Test("a field given twice is refused when the YAML is read, naming it")
    func givenTwice() throws {
        let error = try #require(Self.error("    tag: \"{{a}}\"\n    tag: \"{{b}}\""))
        #expect(error.problem.contains("duplicated key(s): 'tag'"), "\(error)")
    }

    static func site() throws -> SiteFixture {
        let items: [[String: Any]] = [
            ["id": "1", "title": "One", "author": "Zoë Saldaña", "web": "https://example.org/zoe?a=1&b=2"],
            ["id": "2", "title": "Two", "author": "<script>alert(1)</script>", "web": "javascript:alert(1)"],
            ["id": "3", "title": "Three", "author": "   ", "web": ""],
        ]
        return try SiteFixture(
            items: items,
            extraConfig: """
                  fields:
                    author: "{{author}}"
                    web_site: "{{web}}"
                theme: { cardFields: [web_site] }
                """)
    }

    @Test("the item page lists each non-empty field, a URL as a link, everything escaped; the card its cardFields")
    func rendered() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await site.build()
        let one = try site.read("items/1/index.html")
        #expect(one.contains(#"<dt>Author</dt><dd>Zoë Saldaña</dd>"#))
        #expect(
            one.contains(
                #"<dt>Web site</dt><dd><a href="https://example.org/zoe?a=1&amp;b=2" rel="noopener">"#
                    + "https://example.org/zoe?a=1&amp;b=2</a></dd>"))
        let two = try site.read("items/2/index.html")
        #expect(two.contains("<dd>&lt;script&gt;alert(1)&lt;/script&gt;</dd>"))
        #expect(!two.contains("<script>alert"))
        #expect(two.contains("<dd>javascript:alert(1)</dd>"), "not a link: not an http(s) URL")
        #expect(!two.contains(#"href="javascript"#))
        let three = try site.read("items/3/index.html")
        #expect(!three.contains(#"class="fields"#), "blank values are not shown, and no empty list")
        let list = try site.read("index.html")
        #expect(list.contains(#"<dl class="fields card-fields">"#))
        #expect(list.contains(#"<dt>Web site</dt><dd><a href="https://example.org/zoe?a=1&amp;b=2""#))
        // Every field is in the card for the viewer; those not in theme.cardFields are hidden.
        #expect(list.contains("<dt hidden>Author</dt><dd hidden>Zoë Saldaña</dd>"))
        #expect(list.contains("<dt>Web site</dt><dd><a href="))
    }

    @Test("a changed field rewrites only the pages that show its item")
    func incremental() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await site.build()
        let before = try site.snapshot()
        let page = site.folder.appendingPathComponent("data/page-1.json")
        let text = try String(contentsOf: page, encoding: .utf8)
        try text.replacingOccurrences(of: "Zoë Saldaña", with: "Zoe Saldana").write(
            to: page, atomically: true, encoding: .utf8)
        try await site.build()
        let after = try site.snapshot()
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(changed.contains("items/1/index.html"))
        #expect(!changed.contains("items/2/index.html") && !changed.contains("items/3/index.html"))
        #expect(try site.read("items/1/index.html").contains("<dd>Zoe Saldana</dd>"))
    }

    @Test("search.fields may name item fields: their words find the item, as a description's do")
    func searched() async throws {
        let items: [[String: Any]] = [
            ["id": "1", "title": "Harbour", "author": "Björk Guðmundsdóttir", "camera": "Fujifilm X-T4"],
            ["id": "2", "title": "Ridge", "author": "山田太郎", "camera": "Leica Q2"],
        ]
        let site = try SiteFixture(
            items: items,
            extraConfig: """
                  fields:
                    author: "{{author}}"
                    camera: "{{camera}}"
                search: { enabled: true, fields: [title, author] }
                """)
        defer { site.remove() }
        try await site.build()
        let reader = try SearchIndexReader(outputFolder: site.output)
        #expect(try reader.find("guðmundsdottir") == [0])
        #expect(try reader.find("Björk") == [0])
        #expect(try reader.find("山田") == [1])
        #expect(try reader.find("harbour") == [0])
        #expect(try reader.find("leica").isEmpty, "a field search.fields does not name is not indexed")
        let posting = try #require(try reader.postings(of: "bjork").first)
        #expect(posting.title == 0 && posting.ordinal == 0, "a field's word counts as the description's")
    }

    @Test("search.fields naming something that is neither built in nor an item field is refused")
    func searchFieldUnknown() throws {
        let error = try #require(
            Self.error("    author: \"{{a}}\"", theme: "search: { enabled: true, fields: [title, camera] }"))
        #expect(error.key == "search.fields")
        #expect(error.fix.contains("`author`"), "\(error)")
    }
}
