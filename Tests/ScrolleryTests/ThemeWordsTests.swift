import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryTestSites

/// The theme's words in the site's language (`language:`), the site's own over them (`strings:`), and a
/// right-to-left language's `dir`.
@Suite("The theme's words in the site's language")
struct ThemeWordsTests {
    let sections = SectionTests()

    @Test("a French site: the theme's words, counts and the scripts' words in French")
    func frenchSite() async throws {
        let site = try SectionTests.site(extraConfig: "language: fr\n")
        defer { site.remove() }
        try await site.build()
        let first = try site.read("index.html")
        #expect(first.contains(##"<a class="skip-link" href="#main">Aller au contenu</a>"##))
        #expect(first.contains(#"aria-label="Pagination""#) && first.contains("Page 1 · éléments 1 à 5"))
        #expect(first.contains(#"{"@lang":"fr","#) && first.contains(#""loadMore":"Charger la suite""#))
        #expect(!first.contains("Skip to content") && !first.contains("Next page"))
        #expect(try site.read("page/2/index.html").contains("<title>Page 2 · "))
        let archive = try site.read("sections/index.html")
        #expect(archive.contains(">3 éléments<") && archive.contains(">1 élément<"))
        #expect(try site.read("items/2/index.html").contains("Retour à la galerie"))
        #expect(try site.read("404.html").contains("Page introuvable"))
    }

    @Test("an Arabic site is right to left, with Arabic plural forms")
    func arabicSite() async throws {
        let site = try SectionTests.site(extraConfig: "language: ar\n")
        defer { site.remove() }
        try await site.build()
        #expect(try site.read("index.html").hasPrefix("<!doctype html>\n<html lang=\"ar\" dir=\"rtl\">"))
        #expect(try site.read("items/1/index.html").contains("<html lang=\"ar\" dir=\"rtl\">"))
        let archive = try site.read("sections/index.html")
        #expect(archive.contains(">3 عناصر<") && archive.contains(">عنصر واحد<"))
    }

    @Test("strings: gives the site's own words over its language's")
    func ownWords() async throws {
        let site = try SectionTests.site(
            extraConfig: "language: de\nstrings: { skipToContent: \"Los\", items.other: \"{n} Bilder\" }\n")
        defer { site.remove() }
        try await site.build()
        #expect(try site.read("index.html").contains(##"href="#main">Los</a>"##))
        #expect(try site.read("index.html").contains("Zur Fußzeile springen"))
        #expect(try site.read("sections/index.html").contains(">3 Bilder<"))
    }

    @Test("a language without a table gets the English words")
    func noTable() async throws {
        let site = try SectionTests.site(extraConfig: "language: is\n")
        defer { site.remove() }
        try await site.build()
        #expect(try site.read("index.html").contains(##"href="#main">Skip to content</a>"##))
    }

    @Test(
        "a word the theme does not have, or a bad word, is refused naming the key",
        arguments: [
            ("strings: { loadMorr: \"x\" }\n", "strings.loadMorr", "`loadMore`"),
            ("strings: { items.lots: \"x\" }\n", "strings.items.lots", ""),
            ("strings: { loadMore: \"{title}\" }\n", "strings.loadMore", "without braces"),
            ("strings: { items.one: \"{count}\" }\n", "strings.items.one", "`{n}`"),
            ("strings: { loadMore: \"\" }\n", "strings.loadMore", "one line"),
            ("strings: { loadMore: \"a\\u0007b\" }\n", "strings.loadMore", "one line"),
            ("strings: [a]\n", "strings", ""),
        ])
    func badWords(yaml: String, key: String, named: String) throws {
        #expect {
            try sections.parse("title: T\n" + yaml + ThemeLayoutTests.minimalYAML)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.key == key && (named.isEmpty || error.description.contains(named)) && error.line != nil
        }
    }
}
