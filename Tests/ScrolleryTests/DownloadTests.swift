import Foundation
import ScrolleryImaging
import Testing

@testable import Scrollery
@testable import ScrolleryTestSites

/// `item.download` and `theme.download`: the item page and the card (for the viewer) offer a checked
/// http(s) file with the `download` attribute; by default a processed picture's original, without its
/// metadata (the largest variant for a format that is not copied).
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

    @Test("by default a processed picture's original is published without its camera or place, and offered")
    func original() async throws {
        let replica = Replica()
        try await replica.run(routes: { ImageReplica.register(on: $0) }) { host in
            let site = try ImagePipelineTests.makeSite(
                host: host, names: ["camera.jpg"], images: "images: { metadata: { gps: true } }")
            defer { site.remove() }
            _ = try await site.build()
            let originals = ImagePipelineTests.imageFiles(site).filter { $0.hasSuffix("-original.jpg") }
            #expect(originals.count == 1)
            let name = try #require(originals.first)
            let item = try site.read("items/p1/index.html")
            #expect(item.contains(#"href="/images/\#(name)" download rel="noopener">Download</a>"#))
            #expect(try site.read("index.html").contains(#"data-download="/images/\#(name)""#))
            let published = try Data(contentsOf: site.output.appendingPathComponent("images/\(name)"))
            let header = try published.withUnsafeBytes { try ImageHeader(of: $0) }
            #expect(header.camera.isEmpty && header.width == 320 && header.height == 240)
            #expect(published.range(of: Data("FUJIFILM".utf8)) == nil)
            // The place is on the page, as the site asked, and still not in the file.
            #expect(item.contains("openstreetmap.org"))
        }
    }

    @Test(
        "no original is kept or published when nothing offers it: theme.download false, or an item.download",
        arguments: ["theme: { download: false }", "item: { download: \"{{url}}\" }"])
    func noOriginal(change: String) async throws {
        let replica = Replica()
        try await replica.run(routes: { ImageReplica.register(on: $0) }) { host in
            let site = try ImagePipelineTests.makeSite(host: host, names: ["camera.jpg"])
            defer { site.remove() }
            let file = site.folder.appendingPathComponent("scrollery.yml")
            var config = try String(contentsOf: file, encoding: .utf8)
            if change.hasPrefix("item") {
                config = config.replacingOccurrences(
                    of: #"height: "{{height}}" }"#, with: #"height: "{{height}}", download: "{{url}}" }"#)
            } else {
                config += change + "\n"
            }
            try config.write(to: file, atomically: true, encoding: .utf8)
            _ = try await site.build()
            let files = ImagePipelineTests.imageFiles(site)
            #expect(!files.isEmpty && !files.contains { $0.contains("original") }, "\(files.sorted())")
            let cache = site.folder.appendingPathComponent(".scrollery-cache/images")
            let kept = FileManager.default.enumerator(atPath: cache.path)?.allObjects as? [String] ?? []
            #expect(!kept.contains { $0.contains("-original.") }, "\(kept)")
        }
    }
}
