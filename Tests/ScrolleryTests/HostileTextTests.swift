import Foundation
import Logging
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

/// Text from a source reaches pages, feeds and terminals: control characters never do, ids in every script
/// make readable links, and the config's URLs cannot point the site at another host.
@Suite("Hostile text", .timeLimit(.minutes(2)))
struct HostileTextTests {
    static let hostileTitle = "Bad\u{1B}]0;pwned\u{07}Title\u{0}\u{1}\u{85}\u{9B}2J end"

    @Test("C0 and C1 control characters never reach a page, the feed or the sitemap")
    func controlCharactersArePublishedNowhere() async throws {
        let items: [[String: Any]] = [
            ["id": "a\u{1B}[2Jb", "title": Self.hostileTitle, "url": "https://example.org/\u{7}x"],
            ["id": "2", "title": "Fine", "url": "https://example.org/"],
        ]
        let site = try SiteFixture(
            items: items,
            details: ["2": #"{"description": "Text \u0001 with *\u001b[31m* controls \u0085 and\ttabs\nand lines."}"#])
        defer { site.remove() }
        try await site.build()
        for (path, data) in try site.snapshot() where !path.hasPrefix("assets/") {
            let text = String(decoding: data, as: UTF8.self)
            let bad = text.unicodeScalars.filter(ControlCharacters.isUnwanted)
            #expect(bad.isEmpty, "\(path) has \(bad.map { String($0.value, radix: 16) })")
        }
        #expect(try site.read("index.html").contains("Bad]0;pwnedTitle2J end"))
        #expect(try site.read("feed.xml").contains("Bad]0;pwnedTitle2J end"))
        #expect(try site.read("items/2/index.html").contains("with <em>[31m</em> controls"))
    }

    @Test("terminal messages show control characters escaped")
    func terminalText() {
        #expect(TerminalText.shown("id \u{1B}]0;x\u{07} and \u{9B}") == "id \\u001B]0;x\\u0007 and \\u009B")
        #expect(
            TerminalText.shown("tab\tand\nnewline stay, DEL \u{7F} goes") == "tab\tand\nnewline stay, DEL \\u007F goes")
        #expect(TerminalText.shown("Crème 東京 🎉") == "Crème 東京 🎉")
    }

    @Test("the binary never prints a raw ESC or BEL from a source")
    func terminalOfTheBinary() async throws {
        let items: [[String: Any]] = [["id": "x\u{1B}]0;owned\u{07}", "title": Self.hostileTitle]]
        let site = try SiteFixture(items: items)
        defer { site.remove() }
        let run = try await ScrolleryCommand.run(["build", site.folder.path, "--verbose"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}"))
        #expect(!run.stderr.contains("\u{07}"))
        #expect(run.stderr.contains("item 1 (x]0;owned)"), "\(run.stderr)")
    }

    @Test(
        "a baseURL that browsers read as another host is refused",
        arguments: ["//evil.example/", "/\\evil.example/", "\\\\evil.example", "https://example.org//evil.example/"])
    func protocolRelativeBaseURL(text: String) {
        #expect(BaseURL(text) == nil)
    }

    @Test("ordinary base URLs still load", arguments: ["/", "/gallery", "/gallery/", "https://example.org/g/"])
    func ordinaryBaseURL(text: String) {
        #expect(BaseURL(text) != nil)
    }

    @Test(
        "init --api-url takes only an absolute http(s) URL, and writes it quoted",
        arguments: [
            "javascript:alert(1)", "file:///etc/passwd", "https://example.org\nsource: { url: /etc }",
            "https://example.org\" evil: 1", "example.org", "https://", "https://example.org/?a=${HOME}",
        ])
    func apiURL(text: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrollery-init-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: (any Error).self) { try SitePreset.picsum.write(to: folder, apiURL: text) }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("scrollery.yml").path))
    }

    @Test("init --api-url with a good URL writes a config that loads and points there")
    func goodAPIURL() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrollery-init-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try SitePreset.picsum.write(to: folder, apiURL: "http://127.0.0.1:8080/mirror")
        let text = try String(contentsOf: folder.appendingPathComponent("scrollery.yml"), encoding: .utf8)
        #expect(text.contains("url: \"http://127.0.0.1:8080/mirror/v2/list\""))
        #expect(try SiteConfig.load(siteFolder: folder).source.url == "http://127.0.0.1:8080/mirror/v2/list")
    }

    @Test("ids in other scripts make readable item pages: UTF-8 file names, percent-encoded links")
    func unicodeItemPages() async throws {
        let items: [[String: Any]] = [
            ["id": "東京タワー", "title": "Tokyo"], ["id": "Москва", "title": "Moscow"],
            ["id": "東京タワー", "title": "Tokyo again"],
        ]
        let site = try SiteFixture(items: items)
        defer { site.remove() }
        let logs = LogCollector()
        var logger = Logger(label: "test") { _ in logs }
        logger.logLevel = .trace
        _ = try await SiteBuilder(config: site.config(), logger: logger).build()
        #expect(site.exists("items/東京タワー/index.html"))
        #expect(site.exists("items/東京タワー-2/index.html"))
        #expect(site.exists("items/москва/index.html"))
        let list = try site.read("index.html")
        #expect(list.contains("href=\"/items/%E6%9D%B1%E4%BA%AC%E3%82%BF%E3%83%AF%E3%83%BC/\""))
        #expect(list.contains("href=\"/items/%D0%BC%D0%BE%D1%81%D0%BA%D0%B2%D0%B0/\""))
        #expect(try site.read("sitemap.xml").contains("/items/%D0%BC%D0%BE%D1%81%D0%BA%D0%B2%D0%B0/"))
        let warnings = logs.text.components(separatedBy: "makes the slug `東京タワー`")
        #expect(warnings.count == 2, "\(logs.text)")
    }
}
