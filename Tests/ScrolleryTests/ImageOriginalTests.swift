import ScrolleryCore
import Testing

@testable import Scrollery

/// Where a picture's original is read from: a path (put under the base URL) is a file of the site's
/// `static/` folder, without its query or fragment and percent-decoded; a URL is read as it is given.
@Suite("Image originals")
struct ImageOriginalTests {
    static let templates = ItemConfig(
        id: "{{id}}", title: "{{id}}", image: "{{image}}", width: nil, height: nil, alt: nil,
        description: nil, date: nil, link: nil)

    func original(of image: String, baseURL: String) throws -> String? {
        let mapper = try ItemMapper(Self.templates, baseURL: try #require(BaseURL(baseURL)))
        let item = SourceItem(position: 1, value: .object(["id": .string("1"), "image": .string(image)]))
        return mapper.map(item, detail: nil, error: nil).image?.original
    }

    @Test("a path under the base URL is a static file, its query, fragment and percent-encoding left out")
    func localPaths() throws {
        #expect(try original(of: "photos/a.jpg", baseURL: "/") == "static/photos/a.jpg")
        #expect(try original(of: "photos/a.jpg?v=2#top", baseURL: "/") == "static/photos/a.jpg")
        #expect(try original(of: "photos/a.jpg#top?x", baseURL: "/") == "static/photos/a.jpg")
        // A path given from the root is under the base URL too.
        #expect(try original(of: "/photos/b%20c.jpg?size=2", baseURL: "/g/") == "static/photos/b c.jpg")
        #expect(try original(of: "photos/b.jpg", baseURL: "/g/") == "static/photos/b.jpg")
        #expect(try original(of: "photos/%E4%BA%AC%E9%83%BD.jpg", baseURL: "/g/") == "static/photos/京都.jpg")
        #expect(try original(of: "写真/京都.jpg#夜", baseURL: "/ギャラリー/") == "static/写真/京都.jpg")
    }

    @Test("a URL is read as it is given")
    func otherSources() throws {
        #expect(
            try original(of: "https://img.example.net/a.jpg?x=1", baseURL: "/g/")
                == "https://img.example.net/a.jpg?x=1")
        #expect(try original(of: "http://example.org/g/a.jpg", baseURL: "/g/") == "http://example.org/g/a.jpg")
    }
}
