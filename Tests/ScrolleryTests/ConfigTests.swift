import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

@Suite("Config")
struct ConfigTests {
    /// Where the configs of these tests pretend to live; nothing is read from or written to it.
    let siteFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "scrollery-config-\(UUID().uuidString)", isDirectory: true)
    var file: URL { siteFolder.appendingPathComponent("scrollery.yml") }

    /// The sample site's `site/scrollery.yml`, verbatim.
    static let sampleYAML = """
        # The sample gallery: local JSON pages, per-item detail files, local images.
        title: Sample Gallery
        description: A sample Scrollery gallery built from local JSON, offline.
        baseURL: /                 # path prefix or absolute URL the site is served under
        output: public             # relative to the site folder
        pageSize: 24               # items per HTML page, independent of the source's page size
        source:
          url: data/page-{{page}}.json      # local path or file:// here
          items: /items            # JSON pointer to the array of items ("" = the response is the array)
          paginate: { style: page, first: 1 }   # stops at a missing file or an empty array
          limit: 1000              # at most this many items
        detail:                    # optional second-level fetch per item
          url: data/details/{{id}}.json
          concurrency: 8
        item:                      # how an item becomes a card: Mustache over the item, with
          id: "{{id}}"             # the detail response under `detail`; no HTML escaping here
          title: "{{author}}"
          image: "{{image}}"        # an SVG of the site's own, or a photo whose EXIF the page shows
          width: "{{width}}"
          height: "{{height}}"
          description: "{{detail.description}}"   # Markdown
          date: "{{date}}"
          link: "{{url}}"
          video: "{{video}}"        # a video file, or a YouTube or Vimeo address (none when empty)
          fields:                  # any other field, shown on the item page in this order
            photographer: "{{author}}"
            size: "{{width}} × {{height}} pixels"
            tags: "{{#detail.tags}}#{{.}} {{/detail.tags}}"
        theme:
          cardFields: [tags]       # the fields a card shows under its title
        groups:                    # a page per value of a field: /tag/ lists them, /tag/<value>/ shows its items
          tag:
            values: "{{#detail.tags}}{{.}}\\n{{/detail.tags}}"   # one value per line
            title: "Tagged {{value}}"

        """

    static let minimalYAML = """
        source:
          url: data/page-{{page}}.json
        item:
          id: "{{id}}"
          title: "{{title}}"

        """

    func parse(_ yaml: String, overrides: ConfigOverrides = .init()) throws(ConfigError) -> SiteConfig {
        try SiteConfig.parse(yaml: yaml, file: file, overrides: overrides)
    }

    /// The error parsing `yaml` gives; records an issue and returns `nil` when it parses.
    func parseError(
        _ yaml: String, overrides: ConfigOverrides = .init(), sourceLocation: SourceLocation = #_sourceLocation
    ) -> ConfigError? {
        do {
            let config = try parse(yaml, overrides: overrides)
            Issue.record("expected a ConfigError, got a config titled \(config.title)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// Checks the parts every config error must have: the file, the key path, a line and a fix.
    /// (Which line is checked once, by `errorLineIsTheKeysLine`.)
    func expectError(
        _ error: ConfigError, key: String, mentions words: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(error.file == file.path, sourceLocation: sourceLocation)
        #expect(error.key == key, sourceLocation: sourceLocation)
        #expect(!error.fix.isEmpty, sourceLocation: sourceLocation)
        let description = error.description
        #expect(description.contains(file.path), sourceLocation: sourceLocation)
        if let line = error.line {
            #expect(description.hasPrefix("\(file.path):\(line):"), sourceLocation: sourceLocation)
        } else {
            Issue.record("\(description) has no line", sourceLocation: sourceLocation)
        }
        if !key.isEmpty {
            #expect(description.contains("`\(key)`"), sourceLocation: sourceLocation)
        }
        #expect(description.contains(error.fix), sourceLocation: sourceLocation)
        for word in words {
            #expect(description.contains(word), "\(description) should mention \(word)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - Valid configs

    @Test("the sample site's config decodes to the values it spells out")
    func sampleConfig() throws {
        let config = try parse(Self.sampleYAML)
        #expect(
            try String(
                contentsOf: ScrolleryCommand.repository.appendingPathComponent("site/scrollery.yml"), encoding: .utf8)
                == Self.sampleYAML, "verbatim")
        #expect(config.item.fields.map(\.name) == ["photographer", "size", "tags"])
        #expect(config.theme.cardFields == ["tags"])
        #expect(config.title == "Sample Gallery")
        #expect(config.description == "A sample Scrollery gallery built from local JSON, offline.")
        #expect(config.baseURL.path == "/")
        #expect(config.baseURL.origin == nil)
        #expect(config.pageSize == 24)
        #expect(config.source.url == "data/page-{{page}}.json")
        #expect(config.source.items == JSONPointer("/items"))
        #expect(config.source.items.tokens == ["items"])
        #expect(config.source.paginate == PaginationStyle.page(param: "page", first: 1, sizeParam: nil, size: nil))
        #expect(config.source.limit == 1000)
        let detail = try #require(config.detail)
        #expect(detail.url == "data/details/{{id}}.json")
        #expect(detail.concurrency == 8)
        #expect(config.item.id == "{{id}}")
        #expect(config.item.title == "{{author}}")
        #expect(config.item.image == "{{image}}")
        #expect(config.item.width == "{{width}}")
        #expect(config.item.height == "{{height}}")
        #expect(config.item.alt == nil)
        #expect(config.item.description == "{{detail.description}}")
        #expect(config.item.date == "{{date}}")
        #expect(config.item.link == "{{url}}")
        #expect(config.item.video == "{{video}}")
        #expect(config.scroll.autoPages == 5)
        #expect(config.outputFolder.standardizedFileURL.path == siteFolder.appendingPathComponent("public").path)
        #expect(config.siteFolder.standardizedFileURL.path == siteFolder.path)
        #expect(config.file == file)
    }

    @Test("the repository's sample site/scrollery.yml loads from disk")
    func repositorySampleLoads() throws {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let site = repository.appendingPathComponent("site")
        let config = try SiteConfig.load(siteFolder: site)
        #expect(config.title == "Sample Gallery")
        #expect(config.pageSize == 24)
        #expect(config.source.paginate == PaginationStyle.page(param: "page", first: 1, sizeParam: nil, size: nil))
        #expect(config.outputFolder.standardizedFileURL.path == site.appendingPathComponent("public").path)
    }

    @Test("absent optional keys take their defaults")
    func defaults() throws {
        let config = try parse(Self.minimalYAML)
        #expect(config.title == "Gallery")
        #expect(config.description == nil)
        #expect(config.baseURL == BaseURL("/"))
        #expect(config.baseURL.path == "/")
        #expect(config.pageSize == 24)
        #expect(config.source.items == JSONPointer(""))
        #expect(config.source.items.tokens.isEmpty)
        #expect(config.source.paginate == PaginationStyle.page(param: "page", first: 1, sizeParam: nil, size: nil))
        #expect(config.source.limit == nil)
        #expect(config.detail == nil)
        #expect(config.item.image == nil)
        #expect(config.item.description == nil)
        #expect(config.item.link == nil)
        #expect(config.scroll.autoPages == 5)
        #expect(config.outputFolder.standardizedFileURL.path == siteFolder.appendingPathComponent("public").path)
    }

    @Test("null values count as absent and take their defaults")
    func nullValuesAreDefaults() throws {
        let config = try parse("title:\npageSize: ~\n" + Self.minimalYAML)
        #expect(config.title == "Gallery")
        #expect(config.pageSize == 24)
    }

    @Test("optional values that are given are used")
    func givenOptionalValues() throws {
        let yaml = """
            pageSize: 1000
            scroll: { autoPages: 0 }
            source:
              url: https://api.example.org/photos?page={{page}}
              items: ""
              paginate: { first: 0 }
            detail: { url: "data/d/{{id}}.json" }
            item: { id: "{{id}}", title: "{{t}}", alt: "{{a}}" }
            """
        let config = try parse(yaml)
        #expect(config.pageSize == 1000)
        #expect(config.scroll.autoPages == 0)
        #expect(config.source.items.tokens.isEmpty)
        #expect(config.source.paginate == PaginationStyle.page(param: "page", first: 0, sizeParam: nil, size: nil))
        #expect(config.detail?.concurrency == 8)
        #expect(config.item.alt == "{{a}}")
    }

    // MARK: - Unknown and missing keys

    @Test("an unknown top-level key names itself, its line and the key it was probably meant to be")
    func unknownTopLevelKey() throws {
        let error = try #require(parseError("title: T\npagesize: 10\n" + Self.minimalYAML))
        expectError(error, key: "pagesize", mentions: ["is not a known key", "Did you mean `pageSize`?"])
    }

    @Test("an unknown key far from every known key gets no suggestion but the list of known keys")
    func unknownKeyWithoutSuggestion() throws {
        let error = try #require(parseError(Self.minimalYAML + "colourScheme: dark\n"))
        expectError(error, key: "colourScheme", mentions: ["Known keys here:", "pageSize"])
        #expect(!error.description.contains("Did you mean"))
    }

    @Test("an unknown nested key is reported with its dotted path")
    func unknownNestedKey() throws {
        let yaml = """
            source:
              url: data/page-{{page}}.json
              paginate:
                style: page
                frist: 2
            item: { id: "{{id}}", title: "{{t}}" }
            """
        let error = try #require(parseError(yaml))
        expectError(error, key: "source.paginate.frist", mentions: ["Did you mean `first`?"])
    }

    @Test("an unknown key under item is reported with its dotted path")
    func unknownItemKey() throws {
        let error = try #require(parseError(Self.minimalYAML + "  titel: x\n"))
        expectError(error, key: "item.titel", mentions: ["Did you mean `title`?"])
    }

    @Test("a missing source is required, with an example")
    func missingSource() throws {
        let error = try #require(parseError("title: T\nitem: { id: \"{{id}}\", title: \"{{t}}\" }\n"))
        expectError(error, key: "source", mentions: ["is required but missing", "source:"])
    }

    @Test("a missing source.url is required, with an example")
    func missingSourceURL() throws {
        let yaml = """
            title: T
            source:
              items: /items
            item: { id: "{{id}}", title: "{{t}}" }
            """
        let error = try #require(parseError(yaml))
        expectError(error, key: "source.url", mentions: ["is required but missing", "url: data/page-{{page}}.json"])
    }

    @Test("a missing item.id is required, with an example")
    func missingItemID() throws {
        let yaml = """
            source: { url: "p{{page}}.json" }
            item:
              title: "{{t}}"
            """
        let error = try #require(parseError(yaml))
        expectError(error, key: "item.id", mentions: ["is required but missing", "id:"])
    }

    @Test("a missing item is required")
    func missingItem() throws {
        let error = try #require(parseError("source: { url: \"p{{page}}.json\" }\n"))
        expectError(error, key: "item", mentions: ["is required but missing"])
    }

    @Test("a section that is not a mapping is reported")
    func sectionNotAMapping() throws {
        let error = try #require(parseError("source: data/page-{{page}}.json\nitem: { id: a, title: b }\n"))
        expectError(error, key: "source", mentions: ["expected a mapping"])
    }

    // MARK: - Bad values

    @Test(
        "an out-of-range or non-numeric number names the key, the range and the value",
        arguments: [
            ("pageSize: 0\n", "pageSize", "from 1 to 1000", "`0`"),
            ("pageSize: lots\n", "pageSize", "from 1 to 1000", "`lots`"),
            ("pageSize: 2.5\n", "pageSize", "from 1 to 1000", "`2.5`"),
            ("scroll: { autoPages: -1 }\n", "scroll.autoPages", "from 0 to 1000", "`-1`"),
        ])
    func badNumber(prefix: String, key: String, range: String, value: String) throws {
        let error = try #require(parseError(prefix + Self.minimalYAML))
        expectError(error, key: key, mentions: ["expected a whole number", range, value, "Use a number"])
    }

    @Test("theme.slideshow.interval is 5 s by default, takes decimals, and refuses what is not 0.1 to 3600")
    func slideshowInterval() throws {
        #expect(try parse(Self.minimalYAML).theme.slideshowInterval == 5)
        let quick = try parse(Self.minimalYAML + "theme: { slideshow: { interval: 0.3 } }\n")
        #expect(quick.theme.slideshowInterval == 0.3)
        for bad in ["0", "-1", "3601", "soon", "nan"] {
            let error = try #require(parseError(Self.minimalYAML + "theme: { slideshow: { interval: \(bad) } }\n"))
            expectError(error, key: "theme.slideshow.interval", mentions: ["from 0.1 to 3600", "`\(bad)`"])
        }
        let unknown = try #require(parseError(Self.minimalYAML + "theme: { slideshow: { speed: 2 } }\n"))
        #expect(unknown.key == "theme.slideshow.speed")
    }

    @Test("a detail concurrency of 500 is out of range")
    func detailConcurrencyTooHigh() throws {
        let yaml = Self.minimalYAML + "detail:\n  url: d/{{id}}.json\n  concurrency: 500\n"
        let error = try #require(parseError(yaml))
        expectError(error, key: "detail.concurrency", mentions: ["from 1 to 64", "`500`"])
    }

    @Test("a list where a value is expected is reported")
    func listInsteadOfValue() throws {
        let error = try #require(parseError("title: [a, b]\n" + Self.minimalYAML))
        expectError(error, key: "title", mentions: ["expected a text value", "a list"])
    }

    @Test(
        "a baseURL that is neither a path nor an http(s) URL is refused",
        arguments: ["javascript:alert(1)", "/a/../b", "/a/./b", "gallery", "ftp://example.org/", "/a b", "/a?x=1"])
    func badBaseURL(text: String) throws {
        let error = try #require(parseError("baseURL: \"\(text)\"\n" + Self.minimalYAML))
        expectError(error, key: "baseURL", mentions: ["`\(text)`", "is not a path prefix"])
    }

    @Test("invalid YAML is reported with the file and the parser's message")
    func invalidYAML() throws {
        let error = try #require(parseError("title: T\nsource: {\n  url: [unclosed\n"))
        #expect(error.file == file.path)
        #expect(error.key.isEmpty)
        #expect(error.description.hasPrefix(file.path + ":"))
        #expect(error.description.contains("is not valid YAML"))
        // The parser's own message names where the unclosed `[` on line 3 began.
        #expect(error.description.contains("line 3"))
        #expect(error.description.contains("url: [unclosed"))
        #expect(error.description.contains("Fix the YAML syntax"))
    }

    @Test("a key given twice is reported rather than silently overwritten")
    func duplicateKey() throws {
        let error = try #require(parseError("pageSize: 10\npageSize: 20\n" + Self.minimalYAML))
        #expect(error.file == file.path)
        #expect(error.description.contains("pageSize"))
    }

    @Test("an empty file is reported as empty")
    func emptyFile() throws {
        let error = try #require(parseError(""))
        #expect(error.description.contains("is empty"))
    }

    @Test("a top level that is not a mapping is reported")
    func topLevelNotAMapping() throws {
        let error = try #require(parseError("- a\n- b\n"))
        #expect(error.description.contains("expected a mapping"))
    }

    @Test("a source.url without {{page}} is refused, since every page would be the same")
    func sourceURLWithoutPage() throws {
        let yaml = "source:\n  url: data/items.json\nitem: { id: \"{{id}}\", title: \"{{t}}\" }\n"
        let error = try #require(parseError(yaml))
        expectError(error, key: "source.url", mentions: ["{{page}}", "data/page-{{page}}.json"])
    }

    @Test("an unknown pagination style is refused")
    func unknownPaginationStyle() throws {
        let yaml = """
            source:
              url: data/page-{{page}}.json
              paginate:
                style: scroll
            item: { id: "{{id}}", title: "{{t}}" }
            """
        let error = try #require(parseError(yaml))
        expectError(
            error, key: "source.paginate.style", mentions: ["`scroll`", "page, offset, cursor, since, link, dates"])
    }

    @Test("a source.items that is not a JSON pointer is refused")
    func badItemsPointer() throws {
        let yaml = "source:\n  url: p-{{page}}.json\n  items: items\nitem: { id: a, title: b }\n"
        let error = try #require(parseError(yaml))
        expectError(error, key: "source.items", mentions: ["not a JSON pointer", "/items"])
    }

    @Test("an output folder that is the site folder, or holds it, is refused", arguments: [".", "./", "..", "../.."])
    func outputIsSiteFolder(output: String) throws {
        let error = try #require(parseError("output: \"\(output)\"\n" + Self.minimalYAML))
        expectError(error, key: "output", mentions: ["is the site folder or holds it", "`public`"])
    }

    @Test("an output folder beside the site folder is accepted")
    func outputBesideSiteFolder() throws {
        let config = try parse("output: ../elsewhere\n" + Self.minimalYAML)
        #expect(
            config.outputFolder.standardizedFileURL.path
                == siteFolder.deletingLastPathComponent().appendingPathComponent("elsewhere").path)
    }

    @Test("an invalid Mustache template in an item field is refused")
    func invalidItemTemplate() throws {
        let yaml = "source: { url: \"p{{page}}.json\" }\nitem:\n  id: \"{{id}}\"\n  title: \"{{#open}}\"\n"
        let error = try #require(parseError(yaml))
        expectError(error, key: "item.title", mentions: ["`{{#open}}`", "not a valid Mustache template", "{{name}}"])
    }

    @Test("an invalid Mustache template in the detail url is refused")
    func invalidDetailTemplate() throws {
        let yaml = Self.minimalYAML + "detail: { url: \"d/{{/id}}.json\" }\n"
        let error = try #require(parseError(yaml))
        expectError(error, key: "detail.url", mentions: ["not a valid Mustache template"])
    }

    // MARK: - Line numbers

    /// Configs with one mistake each, by name, with the 1-based line (as an editor shows it) where the mistake is.
    static let mistakesAndLines: [String: (yaml: String, line: Int)] = [
        "unknown top-level key": ("title: T\npagesize: 10\n" + minimalYAML, 2),
        "bad value on the first line": ("pageSize: 0\n" + minimalYAML, 1),
        "bad value": ("title: T\npageSize: lots\n" + minimalYAML, 2),
        "bad nested value": (minimalYAML + "detail:\n  url: d/{{id}}.json\n  concurrency: 500\n", 8),
        "unknown nested key": (
            "source:\n  url: data/page-{{page}}.json\n  paginate:\n    style: page\n    frist: 2\n"
                + "item: { id: \"{{id}}\", title: \"{{t}}\" }\n", 5
        ),
        "bad baseURL": ("\n\nbaseURL: javascript:alert(1)\n" + minimalYAML, 3),
        "invalid template": (
            "source: { url: \"p{{page}}.json\" }\nitem:\n  id: \"{{id}}\"\n  title: \"{{#open}}\"\n", 4
        ),
    ]

    @Test("an error's line is the 1-based line of the offending key", arguments: mistakesAndLines.keys.sorted())
    func errorLineIsTheKeysLine(mistake: String) throws {
        let (yaml, line) = try #require(Self.mistakesAndLines[mistake])
        let error = try #require(parseError(yaml))
        #expect(error.line == line, "\(error.description)")
        #expect(error.description.hasPrefix("\(file.path):\(line): "))
    }

    // MARK: - Overrides and BaseURL

    @Test("--base-url with a path wins over the file and gains a trailing slash")
    func baseURLOverridePath() throws {
        let config = try parse("baseURL: /other/\n" + Self.minimalYAML, overrides: ConfigOverrides(baseURL: "/gallery"))
        #expect(config.baseURL.path == "/gallery/")
        #expect(config.baseURL.origin == nil)
    }

    @Test("--base-url with an absolute URL gives an origin and a path")
    func baseURLOverrideAbsolute() throws {
        let config = try parse(Self.minimalYAML, overrides: ConfigOverrides(baseURL: "https://example.org/g"))
        #expect(config.baseURL.origin == "https://example.org")
        #expect(config.baseURL.path == "/g/")
    }

    @Test("a bad --base-url names the option rather than the file")
    func badBaseURLOverride() throws {
        let error = try #require(
            parseError(Self.minimalYAML, overrides: ConfigOverrides(baseURL: "javascript:alert(1)")))
        #expect(error.file == "--base-url")
        #expect(error.description.contains("`javascript:alert(1)`"))
        #expect(error.description.contains("/gallery/"))
    }

    @Test(
        "BaseURL parses paths and http(s) URLs",
        arguments: [
            ("/", nil, "/"),
            ("/gallery", nil, "/gallery/"),
            ("/gallery/", nil, "/gallery/"),
            ("  /a/b  ", nil, "/a/b/"),
            ("https://example.org", "https://example.org", "/"),
            ("https://example.org/g", "https://example.org", "/g/"),
            ("http://example.org:8080/a/b/", "http://example.org:8080", "/a/b/"),
            ("HTTPS://example.org/x", "https://example.org", "/x/"),
        ] as [(String, String?, String)])
    func baseURLParses(text: String, origin: String?, path: String) throws {
        let url = try #require(BaseURL(text))
        #expect(url.origin == origin)
        #expect(url.path == path)
        #expect(url.absolute(url.path + "page/2/") == (origin ?? "") + path + "page/2/")
    }

    @Test(
        "BaseURL refuses what is neither a path nor an http(s) URL",
        arguments: [
            "", "   ", "javascript:alert(1)", "data:text/html,x", "gallery", "/a/../b", "/..", "/./", "https://",
            "https:///path", "/a b", "/a?q", "/a#f", "mailto:x@example.org", "https://example.org/../x",
        ])
    func baseURLRefuses(text: String) {
        #expect(BaseURL(text) == nil)
    }
}
