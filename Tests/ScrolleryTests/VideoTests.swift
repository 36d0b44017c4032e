import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryTestSites

/// `item.video`: a file plays in `<video controls playsinline preload="none">` with the picture as its
/// poster; a YouTube or Vimeo video is a link to it over its picture that item.js turns into the
/// privacy-enhanced player on a click; cards show a play mark and carry what the viewer needs.
@Suite("Videos")
struct VideoTests {
    static func site() throws -> SiteFixture {
        let items: [[String: Any]] = [
            [
                "id": "1", "title": "File", "image": "images/1.svg", "width": 400, "height": 300,
                "v": "https://example.org/v/1.mp4",
            ],
            [
                "id": "2", "title": "Tube", "image": "images/2.svg", "width": 400, "height": 300,
                "v": "https://youtu.be/dQw4w9WgXcQ",
            ],
            [
                "id": "3", "title": "Bad", "image": "images/3.svg", "width": 400, "height": 300,
                "v": "javascript:alert(1)//.mp4",
            ],
        ]
        let site = try SiteFixture(items: items)
        let file = site.folder.appendingPathComponent("scrollery.yml")
        let config = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: "  link: \"{{url}}\"", with: "  link: \"{{url}}\"\n  video: \"{{v}}\"")
        try config.write(to: file, atomically: true, encoding: .utf8)
        return site
    }

    @Test("a file in <video preload=none> with a poster; YouTube behind its picture; a play mark on cards")
    func videos() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await site.build()
        let file = try site.read("items/1/index.html")
        #expect(
            file.contains(
                #"<video class="item-video" controls playsinline preload="none" poster="/images/1.svg" width="400" height="300"><source src="https://example.org/v/1.mp4" type="video/mp4">"#
            ))
        let tube = try site.read("items/2/index.html")
        #expect(
            tube.contains(
                #"<a class="video-play" href="https://youtu.be/dQw4w9WgXcQ" data-embed="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1" rel="noopener">"#
            ))
        #expect(!tube.contains("<iframe") && !tube.contains("<video"))
        let list = try site.read("index.html")
        #expect(list.contains(#"data-video="https://example.org/v/1.mp4" data-video-type="video/mp4""#))
        #expect(list.contains(#"data-embed="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1""#))
        #expect(list.components(separatedBy: "class=\"play-mark\"").count == 3)
        let bad = try site.read("items/3/index.html")
        #expect(!list.contains("javascript:") && !bad.contains("<video"))
    }
}
