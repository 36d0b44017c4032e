import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

/// `theme.layout` (issue 14): justified rows by default, a plain grid on request, anything else refused.
@Suite("Theme layout")
struct ThemeLayoutTests {
    static let minimalYAML = """
        source:
          url: data/page-{{page}}.json
        item:
          id: "{{id}}"
          title: "{{title}}"

        """

    func parse(_ yaml: String) throws -> SiteConfig {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scrollery-layout-\(UUID().uuidString)", isDirectory: true)
        return try SiteConfig.parse(
            yaml: yaml, file: folder.appendingPathComponent("scrollery.yml"), environment: [:])
    }

    @Test("the layout is justified unless the config says grid")
    func layoutKey() throws {
        #expect(try parse(Self.minimalYAML).theme.layout == .justified)
        #expect(try parse("theme: { layout: justified }\n" + Self.minimalYAML).theme.layout == .justified)
        #expect(try parse("theme:\n  layout: grid\n" + Self.minimalYAML).theme.layout == .grid)
        #expect(try parse("theme: {}\n" + Self.minimalYAML).theme.layout == .justified)
    }

    @Test(
        "an unknown layout is refused with the key, the line, the value and both choices",
        arguments: ["masonry", "Grid", "", "[grid]"])
    func badLayout(value: String) throws {
        let yaml = "title: T\ntheme:\n  layout: \(value.isEmpty ? "\"\"" : value)\n" + Self.minimalYAML
        #expect {
            try parse(yaml)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            let text = error.description
            let valueNamed = value.hasPrefix("[") ? text.contains("expected a text value") : text.contains("`\(value)`")
            return error.key == "theme.layout" && error.line == 3 && valueNamed
                && (value.hasPrefix("[") || (error.fix.contains("`justified`") && error.fix.contains("`grid`")))
        }
    }

    @Test("an unknown key under theme is refused")
    func unknownThemeKey() throws {
        #expect {
            try parse("theme: { layot: grid }\n" + Self.minimalYAML)
        } throws: { error in
            (error as? ConfigError)?.key == "theme.layot"
        }
    }

    /// A fixture of 7 items, 5 a page: item 3 has no image size, item 4 no image.
    func fixture(layout: String?) throws -> SiteFixture {
        var items: [[String: Any]] = (1...7).map {
            ["id": "\($0)", "title": "Item \($0)", "image": "images/\($0).svg", "width": 300 + $0, "height": 200]
        }
        items[2] = ["id": "3", "title": "Item 3", "image": "images/3.svg"]
        items[3] = ["id": "4", "title": "Item 4"]
        return try SiteFixture(
            items: items, extraConfig: layout.map { "theme:\n  layout: \($0)\n" } ?? "")
    }

    @Test("justified rows: the feed says so and each card carries its picture's size for the CSS")
    func justifiedMarkup() async throws {
        let site = try fixture(layout: nil)
        defer { site.remove() }
        try await site.build()
        let page = try site.read("index.html")
        #expect(page.contains(#"<div class="feed feed--justified" role="feed""#))
        #expect(page.contains(#"aria-labelledby="item-1-title" style="--w: 301; --h: 200">"#))
        #expect(page.contains(#"aria-labelledby="item-2-title" style="--w: 302; --h: 200">"#))
        // no known size, or no image: no ratio on the card (the CSS uses 4 / 3, or a square text card)
        #expect(page.contains(#"aria-labelledby="item-3-title">"#))
        #expect(page.contains(#"aria-labelledby="item-4-title">"#))
        #expect(page.contains(#"style="aspect-ratio: 301 / 200;""#))
        let css = try site.read("assets/style.css")
        #expect(css.contains(".feed--justified {"))
        #expect(css.contains(".feed--grid {"))
        #expect(try site.read("page/2/index.html").contains("feed feed--justified"))
    }

    @Test("theme.layout: grid gives the plain grid, and changing it renders every listing page again")
    func gridMarkup() async throws {
        let site = try fixture(layout: "justified")
        defer { site.remove() }
        try await site.build()
        let config = site.folder.appendingPathComponent("scrollery.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try text.replacingOccurrences(of: "layout: justified", with: "layout: grid")
            .write(to: config, atomically: true, encoding: .utf8)
        try await site.build()
        #expect(try site.read("index.html").contains(#"<div class="feed feed--grid" role="feed""#))
        #expect(try site.read("page/2/index.html").contains(#"<div class="feed feed--grid" role="feed""#))
    }
}
