import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryTestSites

/// `item.download` and `theme.download`: the item page and the card (for the viewer) offer a checked
/// http(s) file with the `download` attribute; by default a processed picture's largest variant.
@Suite("Downloads")
struct DownloadTests {
    /// Items 1–3 with a download each: an http(s) URL, a `javascript:` one, none.
    static func site(theme: String = "") throws -> SiteFixture {
        let items: [[String: Any]] = [
            ["id": "1", "title": "One", "dl": "https://example.org/one.tif"],
            ["id": "2", "title": "Two", "dl": "javascript:alert(1)"],
            ["id": "3", "title": "Three"],
        ]
        let site = try SiteFixture(items: items, extraConfig: theme)
        let file = site.folder.appendingPathComponent("scrollery.yml")
        let config = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: "  link: \"{{url}}\"", with: "  link: \"{{url}}\"\n  download: \"{{dl}}\"")
        try config.write(to: file, atomically: true, encoding: .utf8)
        return site
    }

    @Test("an http(s) item.download is offered on the item page and to the viewer; anything else is not")
    func offered() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await site.build()
        let one = try site.read("items/1/index.html")
        #expect(
            one.contains(
                #"<a class="button" href="https://example.org/one.tif" download rel="noopener">Download</a>"#))
        let list = try site.read("index.html")
        #expect(list.contains(#"data-download="https://example.org/one.tif""#))
        let two = try site.read("items/2/index.html")
        #expect(!two.contains(" download rel") && !two.contains("javascript:"))
        #expect(!list.contains("javascript:"))
        #expect(!(try site.read("items/3/index.html")).contains(" download rel"))
    }

    @Test("theme.download: false offers nothing")
    func off() async throws {
        let site = try Self.site(theme: "theme: { download: false }\n")
        defer { site.remove() }
        try await site.build()
        #expect(!(try site.read("items/1/index.html")).contains("one.tif"))
        #expect(!(try site.read("index.html")).contains("data-download"))
    }
}
