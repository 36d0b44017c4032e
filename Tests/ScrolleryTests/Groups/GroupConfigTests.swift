import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore

/// The `groups:` section: both forms, and an error naming the key for each bad name or template; a search
/// filter that names a group takes its definition.
struct GroupConfigTests {
    let config = ConfigTests()

    static let base = """
        source: { url: "data/page-{{page}}.json" }
        item: { id: "{{id}}", title: "{{title}}" }

        """

    @Test("a group is a template of its values, or a mapping of values and title, in the config's order")
    func bothForms() throws {
        let site = try config.parse(
            Self.base + """
                groups:
                  tag:
                    values: "{{#tags}}{{.}}\\n{{/tags}}"
                    title: "Tagged {{value}}"
                  photographer: "{{author}}"
                search: { enabled: true, filters: [tag, photographer] }
                """)
        #expect(site.groups.map(\.name) == ["tag", "photographer"])
        #expect(site.groups[0].title == "Tagged {{value}}" && site.groups[1].title == "{{value}}")
        #expect(site.groups[1].values == "{{author}}")
        #expect(site.search.filters.map(\.name) == ["tag", "photographer"])
        #expect(site.search.filters.map(\.template) == site.groups.map(\.values))
        #expect(try config.parse(Self.base).groups.isEmpty)
    }

    @Test(arguments: [
        ("groups: { Tag: \"{{t}}\" }", "groups.Tag", "not a group name"),
        ("groups: { items: \"{{t}}\" }", "groups.items", "not a group name"),
        ("groups: { page: \"{{t}}\" }", "groups.page", "not a group name"),
        ("groups: { \"a/b\": \"{{t}}\" }", "groups.a/b", "not a group name"),
        ("groups: { tag: \"{{#t}}\" }", "groups.tag", "is not a template"),
        ("groups: { tag: { values: \"{{t}}\", title: \"{{/x}}\" } }", "groups.tag.title", "is not a template"),
        ("groups: { tag: { title: \"x\" } }", "groups.tag.values", "missing"),
        ("groups: { tag: { values: \"{{t}}\", sort: count } }", "groups.tag.sort", "not a known key"),
        (
            "groups: { tag: \"{{t}}\" }\nsearch: { enabled: true, filters: [album] }", "search.filters",
            "not one of the site's groups"
        ),
    ])
    func aBadGroupNamesItsKey(yaml: String, key: String, words: String) throws {
        let error = try #require(config.parseError(Self.base + yaml))
        config.expectError(error, key: key, mentions: [words])
    }
}
