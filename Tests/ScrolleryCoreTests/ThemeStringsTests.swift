import Testing

@testable import ScrolleryCore

@Suite("The theme's words in each language")
struct ThemeStringsTests {
    static let languages = ThemeStrings.tables.keys.sorted()

    @Test("every shipped table has every key, each count in every form its language needs", arguments: languages)
    func complete(language: String) throws {
        let table = try #require(ThemeStrings.tables[language])
        for key in ThemeStrings.plainKeys {
            #expect(table[key]?.isEmpty == false, "`\(language)` has no `\(key)`")
        }
        for key in ThemeStrings.countKeys {
            for category in PluralRules.categories(language: language) {
                #expect(
                    table["\(key).\(category.rawValue)"]?.isEmpty == false,
                    "`\(language)` has no `\(key).\(category.rawValue)`")
            }
        }
        for key in table.keys {
            #expect(ThemeStrings.isKey(key), "`\(language)` has `\(key)`, which English does not")
        }
    }

    @Test("every word has no braces but its English word's", arguments: languages)
    func placeholders(language: String) throws {
        let table = try #require(ThemeStrings.tables[language])
        for (key, text) in table {
            let extra = ThemeStrings.placeholders(in: text).subtracting(ThemeStrings.placeholders(of: key))
            #expect(extra.isEmpty, "`\(language)`'s `\(key)` has \(extra.sorted())")
        }
    }

    @Test("every word the scripts use is a word of the tables")
    func scriptKeys() {
        let all =
            ThemeStrings.scriptKeys + ThemeStrings.favoriteKeys + ThemeStrings.favoritesPageKeys
            + ThemeStrings.searchPageKeys
        for key in all {
            #expect(ThemeStrings.plainKeys.contains(key) || ThemeStrings.countKeys.contains(key), "`\(key)` is no word")
        }
    }

    @Test(
        "plural rules pick CLDR's form for 0, 1, 2, 5, 22 and 101",
        arguments: [
            ("en", "other one other other other other"), ("de", "other one other other other other"),
            ("nl", "other one other other other other"), ("es", "other one other other other other"),
            ("it", "other one other other other other"), ("fr", "one one other other other other"),
            ("pt", "one one other other other other"), ("pl", "many one few many few many"),
            ("ja", "other other other other other other"), ("zh", "other other other other other other"),
            ("ar", "zero one two few many other"),
        ])
    func plurals(language: String, expected: String) {
        let picked = [0, 1, 2, 5, 22, 101].map { PluralRules.category(of: $0, language: language).rawValue }
        #expect(picked.joined(separator: " ") == expected)
        // Every category picked is one the language's tables must have.
        for count in 0...1200 {
            #expect(
                PluralRules.categories(language: language).contains(
                    PluralRules.category(of: count, language: language)))
        }
    }

    @Test("more of Polish and Arabic, and a million in French")
    func morePlurals() {
        let polish = [12, 14, 24, 112, 1_002].map { PluralRules.category(of: $0, language: "pl") }
        #expect(polish == [.many, .many, .few, .many, .few])
        let arabic = [3, 10, 11, 99, 100, 102, 103, 111].map { PluralRules.category(of: $0, language: "ar") }
        #expect(arabic == [.few, .few, .many, .many, .other, .other, .few, .many])
        #expect(PluralRules.category(of: 1_000_000, language: "fr") == .many)
    }

    @Test("a count's form and the words' braces are filled")
    func counting() {
        let polish = ThemeStrings.of(language: "pl").strings
        #expect(polish.count("items", 1) == "1 element")
        #expect(polish.count("items", 3) == "3 elementy")
        #expect(polish.count("items", 5) == "5 elementów")
        let arabic = ThemeStrings.of(language: "ar").strings
        #expect(arabic.count("items", 2) == "عنصران")
        #expect(arabic.count("items", 11) == "11 عنصرًا")
        let english = ThemeStrings.of(language: "en").strings
        #expect(english.count("items", 1) == "1 item" && english.count("items", 12) == "12 items")
        #expect(english.text("page", ["n": "3"]) == "Page 3")
    }

    @Test("which table a language tag gets, right to left, and the site's own words over it")
    func choosing() {
        #expect(ThemeStrings.of(language: "pt-BR").strings.language == "pt")
        for tag in ["zh", "zh-Hans", "zh-CN", "zh-Hans-SG"] {
            #expect(ThemeStrings.of(language: tag).strings.language == "zh", "\(tag)")
        }
        for tag in ["zh-Hant", "zh-TW", "is", "he"] {
            let (strings, hasTable) = ThemeStrings.of(language: tag)
            #expect(!hasTable && strings.language == "en" && strings.text("loadMore") == "Load more", "\(tag)")
        }
        #expect(ThemeStrings.of(language: "ar").strings.isRightToLeft)
        #expect(ThemeStrings.of(language: "he").strings.isRightToLeft)
        #expect(ThemeStrings.of(language: "fa-IR").strings.isRightToLeft)
        #expect(!ThemeStrings.of(language: "fr").strings.isRightToLeft)
        let own = ThemeStrings.of(language: "de", overrides: ["loadMore": "Weiter", "items.one": "ein Bild"]).strings
        #expect(own.text("loadMore") == "Weiter" && own.count("items", 1) == "ein Bild")
        #expect(own.count("items", 2) == "2 Einträge")
    }

    @Test("a word's placeholders are filled in one pass, as the theme's scripts fill them")
    func filling() {
        let values = ["n": "3", "site": "{n} photos of Zürich 🏔", "first": "21"]
        #expect(ThemeStrings.fill("Page {n}", values) == "Page 3")
        #expect(ThemeStrings.fill("{site}: {n}", values) == "{n} photos of Zürich 🏔: 3")
        #expect(ThemeStrings.fill("{first}–{last} {{n}} {n", values) == "21–{last} {3} {n")
        #expect(ThemeStrings.fill("ページ{n}／{n}", values) == "ページ3／3")
        #expect(ThemeStrings.fill("no braces", values) == "no braces")
        #expect(ThemeStrings.fill("{}{", values) == "{}{")
        // A mark after the brace is not part of the name (the scripts read UTF-16, not Characters).
        #expect(ThemeStrings.fill("{n}\u{301}", values) == "3\u{301}")
    }

    @Test("the scripts' words are JSON that cannot close its <script>")
    func json() {
        let strings = ThemeStrings.of(language: "en", overrides: ["loadMore": "</script><b>\"&\\"]).strings
        let json = strings.json(keys: ["loadMore", "items"])
        #expect(
            json
                == #"{"@lang":"en","loadMore":"\u003c/script\u003e\u003cb\u003e\"\u0026\\","items.one":"{n} item","items.other":"{n} items"}"#
        )
        #expect(ThemeStrings.isKey("items.few") && !ThemeStrings.isKey("items.lots") && !ThemeStrings.isKey("nope"))
    }
}
