import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryTestSites

/// The camera's data on the pages: the item page's line, `picture.*` in `item.fields` and `item.date`, the
/// place only with `images.metadata.gps`, kept in the cache so a warm build decodes nothing, and added to a
/// record an older build kept without it from the original's header alone.
@Suite(.serialized) struct CameraPagesTests {
    /// A site of local pictures in `static/photos/`, each item's date the time its photo was taken.
    static func site(_ names: [String], extra: String = "") throws -> RemoteSite {
        let site = try RemoteSite(
            config: """
                title: Cameras
                source: { url: "data/page-{{page}}.json", items: "", paginate: { style: page, first: 1 } }
                item:
                  id: "{{id}}"
                  title: "{{name}}"
                  image: "photos/{{name}}"
                  date: "{{date}}{{^date}}{{picture.taken}}{{/date}}"
                  fields:
                    lens: "{{picture.lens}}"
                    shot_at: "{{picture.width}}×{{picture.height}}, {{picture.exposure}}"
                \(extra)
                """)
        let statics = site.folder.appendingPathComponent("static/photos")
        try FileManager.default.createDirectory(at: statics, withIntermediateDirectories: true)
        for name in names { try FixtureFiles.image(name).write(to: statics.appendingPathComponent(name)) }
        try ImagePipelineTests.writeSource(
            names.map { ["id": $0.split(separator: ".")[0].description, "name": $0] }, in: site)
        return site
    }

    @Test("the item page shows the camera's line, fields and the date read from it; a photo without EXIF none")
    func itemPage() async throws {
        let site = try Self.site(["camera.jpg", "photo.jpg"])
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.images.processed == 2)
        let page = try site.read("items/camera/index.html")
        #expect(page.contains(#"<span class="camera">FUJIFILM X-T4 · 23mm · f/2 · 1/250 s · ISO 400</span>"#))
        #expect(page.contains("<time>2024-05-01T09:41:07</time>"))
        #expect(page.contains("<dt>Lens</dt><dd>XF23mmF2 R WR</dd>"))
        #expect(page.contains("<dt>Shot at</dt><dd>320×240, 1/250 s</dd>"))
        // The card carries it for the viewer's panel, hidden on the card itself.
        let listing = try site.read("index.html")
        #expect(listing.contains(#"<dd class="camera" hidden>FUJIFILM X-T4 · 23mm · f/2 · 1/250 s · ISO 400</dd>"#))
        // The place is not kept by default: nowhere in the output.
        #expect(!(try site.allOutputText()).contains("openstreetmap"))
        let plain = try site.read("items/photo/index.html")
        #expect(!plain.contains("item-camera") && !plain.contains("<time>"))
        #expect(plain.contains("<dt>Shot at</dt><dd>1600×1067,</dd>"))
    }

    @Test("with images.metadata.gps the place is a link to openstreetmap.org, and loads nothing from there")
    func place() async throws {
        let site = try Self.site(["camera.jpg"], extra: "images: { metadata: { gps: true } }")
        defer { site.remove() }
        _ = try await site.build()
        let page = try site.read("items/camera/index.html")
        let link = "https://www.openstreetmap.org/?mlat=64.14071&amp;mlon=-21.93361#map=15/64.14071/-21.93361"
        #expect(page.contains(#"<a class="item-place" href="\#(link)" rel="noopener">"#))
        #expect(!page.contains(#"src="https://www.openstreetmap"#))
    }

    @Test("a warm build reads the camera from the cache and decodes nothing; the output is byte-identical")
    func warm() async throws {
        let site = try Self.site(["camera.jpg", "camera.png"])
        defer { site.remove() }
        _ = try await site.build()
        let first = try SiteFixture.snapshot(of: site.output)
        try FileManager.default.removeItem(at: site.output)
        let again = try await site.build()
        #expect(again.images.processed == 0 && again.images.reused == 2)
        #expect(try SiteFixture.snapshot(of: site.output) == first)
    }

    @Test("a record an older build kept without the camera gets it from the header, nothing decoded")
    func olderRecord() async throws {
        let site = try Self.site(["camera.jpg"])
        defer { site.remove() }
        _ = try await site.build()
        let first = try SiteFixture.snapshot(of: site.output)
        let images = site.folder.appendingPathComponent(".scrollery-cache/images")
        let records = try FileManager.default.contentsOfDirectory(atPath: images.path).filter { $0.hasSuffix(".json") }
        #expect(records.count == 1)
        let recordURL = images.appendingPathComponent(try #require(records.first))
        var record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: recordURL)) as? [String: Any])
        #expect(record["camera"] != nil)
        record["camera"] = nil
        try JSONSerialization.data(withJSONObject: record).write(to: recordURL)
        try FileManager.default.removeItem(at: site.output)
        let again = try await site.build()
        #expect(again.images.processed == 0 && again.images.reused == 1)
        #expect(try SiteFixture.snapshot(of: site.output) == first)
        let rewritten = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: recordURL)) as? [String: Any])
        #expect((rewritten["camera"] as? [String: Any])?["model"] as? String == "X-T4")
    }
}
