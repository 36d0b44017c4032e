import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryTestSites

/// A site whose pictures come from a replica picture host: every good original becomes local, correctly
/// sized and oriented variants; every bad one costs its card its picture and nothing else; a warm rebuild
/// decodes nothing; variants no longer shown leave the output.
@Suite(.serialized) struct ImagePipelineTests {
    static let good = ["photo.jpg", "orientation-6.jpg", "alpha.png", "animated.gif", "tiny.png"]
    static let bad = ["truncated.jpg", "not-an-image.jpg", "huge-header.png", "missing.jpg", "logo.svg", "page.html"]

    /// A local source whose items' pictures are on the replica.
    static func makeSite(host: String, names: [String], images: String = "") throws -> RemoteSite {
        let site = try RemoteSite(
            config: """
                title: Pictures
                pageSize: 4
                source: { url: "data/page-{{page}}.json", items: "", paginate: { style: page, first: 1 } }
                item: { id: "{{id}}", title: "{{name}}", image: "{{url}}", width: "{{width}}", height: "{{height}}" }
                cache: { ttl: 1h }
                \(images)
                """)
        let items = names.enumerated().map { index, name in
            // The source's sizes are wrong on purpose: the decoded size wins.
            ["id": "p\(index + 1)", "name": name, "url": "\(host)/img/\(name)", "width": "999", "height": "1"]
        }
        try writeSource(items, in: site)
        return site
    }

    static func writeSource(_ items: [[String: String]], in site: RemoteSite) throws {
        let data = site.folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: items, options: [.sortedKeys])
            .write(to: data.appendingPathComponent("page-1.json"))
    }

    static func cards(_ site: RemoteSite) throws -> [String: String] {
        var cards: [String: String] = [:]
        for page in ["index.html", "page/2/index.html", "page/3/index.html"] {
            guard let html = try? site.read(page) else { continue }
            for part in html.components(separatedBy: "<article").dropFirst() {
                guard let title = part.range(of: #"<h2[^>]*><a[^>]*>([^<]*)<"#, options: .regularExpression) else {
                    continue
                }
                let name = String(part[title]).replacingOccurrences(
                    of: #"^.*>([^<>]*)<$"#, with: "$1", options: .regularExpression)
                cards[name] = part
            }
        }
        return cards
    }

    static func imageFiles(_ site: RemoteSite) -> Set<String> {
        Set(
            (try? FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("images").path))
                ?? [])
    }

    @Test func everyGoodPictureIsPublishedAndEveryBadOneCostsOnlyItsCard() async throws {
        let replica = Replica()
        try await replica.run(routes: { ImageReplica.register(on: $0) }) { host in
            let site = try Self.makeSite(host: host, names: Self.good + Self.bad)
            defer { site.remove() }
            let summary = try await site.build()
            #expect(summary.items == 11)
            #expect(summary.images.processed == 5 && summary.images.failed == 6 && summary.images.reused == 0)
            let cards = try Self.cards(site)
            #expect(cards.count == 11)
            for name in Self.bad {
                let card = try #require(cards[name], "\(name)")
                #expect(card.contains("frame--unavailable") && card.contains("Image unavailable"), "\(name)")
                #expect(!card.contains("<img"), "\(name): no link to the broken original")
            }
            for name in Self.good {
                let card = try #require(cards[name], "\(name)")
                #expect(card.contains("<picture>") && card.contains("srcset=\"/images/"), "\(name)")
                // Offered for download, a file of the site's own (item.download's default): the original's copy,
                // or the largest variant for a format that is not copied.
                let original = name == "animated.gif" ? #"[0-9]+\.jpg""# : #"original\.(jpg|png)""#
                #expect(
                    card.range(of: #"data-download="/images/[0-9a-f]{32}-"# + original, options: .regularExpression)
                        != nil, "\(name)")
            }
            // The decoded, upright size wins over the source's 999×1.
            #expect(try #require(cards["orientation-6.jpg"]).contains(#"width="200" height="300""#))
            #expect(try #require(cards["photo.jpg"]).contains(#"width="1600" height="1067""#))
            #expect(try #require(cards["alpha.png"]).contains("image/webp"))
            #expect(!(try #require(cards["alpha.png"])).contains(".jpg"), "a transparent picture is never JPEG")
            // Nothing on any page points at the picture host.
            #expect(!(try site.allOutputText()).contains("\(host)/img"))
            let files = Self.imageFiles(site)
            // Photo: 3 widths; orientation 6, GIF, tiny: 1 (narrower than 320); alpha: 320 and 400. Two formats each,
            // and the originals' copies of all but the GIF.
            let expected = 2 * (3 + 1 + 1 + 1 + 2) + 4
            #expect(files.count == expected, "\(files.sorted())")
            #expect(
                files.allSatisfy {
                    $0.range(of: #"^[0-9a-f]{32}-([0-9]+|original)\.(webp|jpg|png)$"#, options: .regularExpression)
                        != nil
                })
            for file in files {
                let path = "images/\(file)"
                #expect(try site.allOutputText().contains("/\(path)"), "\(path) is shown somewhere")
            }
        }
    }

    @Test("a remote source with 1.6-gigapixel, truncated and fake pictures publishes every card")
    func aRemoteSourceWithHostilePicturesPublishesEveryCard() async throws {
        let names = Self.good + Self.bad
        let replica = Replica()
        try await replica.run(routes: {
            ImageReplica.register(on: $0)
            ImageReplica.registerSource(on: $0, names: names, pageSize: 3)
        }) { host in
            let site = try RemoteSite(
                config: """
                    title: Remote pictures
                    pageSize: 4
                    source: { url: "\(host)/api/pictures?page={{page}}", items: "", paginate: { style: page, first: 1 } }
                    item: { id: "{{id}}", title: "{{name}}", image: "\(host)/img/{{name}}" }
                    cache: { ttl: 1h }
                    """)
            defer { site.remove() }
            let summary = try await site.build()
            #expect(summary.items == names.count)
            #expect(summary.images.processed == Self.good.count)
            #expect(summary.images.failed == Self.bad.count)
            let cards = try Self.cards(site)
            #expect(cards.count == names.count, "every card is published")
            for name in Self.bad {
                let card = try #require(cards[name], "\(name)")
                #expect(card.contains("Image unavailable") && !card.contains("<img"), "\(name)")
            }
            for name in ["huge-header.png", "truncated.jpg", "not-an-image.jpg"] {
                #expect(try #require(cards[name]).contains("frame--unavailable"), "\(name)")
            }
            // Only local variants, with the decoded, upright size.
            #expect(!(try site.allOutputText()).contains("\(host)/img"))
            #expect(try #require(cards["orientation-6.jpg"]).contains(#"width="200" height="300""#))
            #expect(try #require(cards["photo.jpg"]).contains(#"width="1600" height="1067""#))
            let files = Self.imageFiles(site)
            let variantsPerPicture = 3 + 1 + 1 + 1 + 2
            // And the originals' copies, but the GIF's.
            #expect(files.count == 2 * variantsPerPicture + 4, "\(files.sorted())")
            let text = try site.allOutputText()
            for file in files {
                #expect(text.contains("/images/\(file)"), "\(file) is shown somewhere")
            }
        }
    }

    @Test func aWarmRebuildDecodesNothingAndRewritesNothing() async throws {
        let replica = Replica()
        try await replica.run(routes: { ImageReplica.register(on: $0) }) { host in
            let site = try Self.makeSite(host: host, names: Self.good)
            defer { site.remove() }
            _ = try await site.build()
            let requests = await replica.log.count(pathPrefix: "/img/")
            #expect(requests == 5)
            // The inputs' fingerprint would skip the whole build: forget it, so the pipeline runs again.
            for name in try FileManager.default.contentsOfDirectory(
                atPath: site.folder.appendingPathComponent(".scrollery-cache").path)
            where name.hasPrefix("inputs-") {
                try FileManager.default.removeItem(at: site.folder.appendingPathComponent(".scrollery-cache/\(name)"))
            }
            let again = try await site.build()
            #expect(again.images.processed == 0 && again.images.reused == 5 && again.images.failed == 0)
            #expect(again.filesChanged == 0)
            #expect(
                await replica.log.count(pathPrefix: "/img/") == requests, "fresh originals come from the HTTP cache")
        }
    }

    @Test func offlineRebuildsTakeOriginalsFromTheCache() async throws {
        let replica = Replica()
        try await replica.run(routes: { ImageReplica.register(on: $0) }) { host in
            let site = try Self.makeSite(host: host, names: ["photo.jpg", "tiny.png"])
            defer { site.remove() }
            _ = try await site.build()
            try FileManager.default.removeItem(at: site.output)
            var options = BuildOptions()
            options.cacheMode = .offline
            let again = try await site.build(options: options)
            #expect(again.images.reused == 2 && again.images.failed == 0 && again.images.processed == 0)
            #expect(Self.imageFiles(site).count == 10, "the variants and the originals' copies")
        }
    }

    @Test func aHangingPictureCostsItsCardAfterTheTimeout() async throws {
        let replica = Replica()
        await replica.faults.add(.hang, pathPrefix: "/img/photo.jpg", times: 5)
        try await replica.run(routes: { ImageReplica.register(on: $0) }) { host in
            // The healthy picture is made first, with no short timeout, so that only the hang meets the
            // one-second bound: a loaded machine may take longer than that to serve even a tiny file.
            let site = try Self.makeSite(host: host, names: ["tiny.png"])
            defer { site.remove() }
            let first = try await site.build()
            #expect(first.images.processed == 1 && first.images.failed == 0)
            let requests = await replica.log.count(pathPrefix: "/img/tiny.png")
            try Self.writeSource(
                [
                    ["id": "p1", "name": "photo.jpg", "url": "\(host)/img/photo.jpg"],
                    ["id": "p2", "name": "tiny.png", "url": "\(host)/img/tiny.png"],
                ], in: site)
            try
                (try String(contentsOf: site.folder.appendingPathComponent("scrollery.yml"), encoding: .utf8)
                + "fetch: { timeout: 1s, retries: 0 }\n")
                .write(to: site.folder.appendingPathComponent("scrollery.yml"), atomically: true, encoding: .utf8)
            let summary = try await site.build()
            #expect(summary.images.processed == 0 && summary.images.reused == 1 && summary.images.failed == 1)
            #expect(await replica.log.count(pathPrefix: "/img/tiny.png") == requests, "the healthy one is not fetched")
            #expect(await replica.log.count(pathPrefix: "/img/photo.jpg") >= 1, "the hanging one was asked for")
            let cards = try Self.cards(site)
            #expect(try #require(cards["photo.jpg"]).contains("Image unavailable"))
            let healthy = try #require(cards["tiny.png"])
            #expect(healthy.contains("<img") && !healthy.contains("Image unavailable"))
        }
    }

    @Test func variantsNoLongerShownLeaveTheOutput() async throws {
        let replica = Replica()
        try await replica.run(routes: { ImageReplica.register(on: $0) }) { host in
            let site = try Self.makeSite(host: host, names: ["photo.jpg", "tiny.png"])
            defer { site.remove() }
            _ = try await site.build()
            let before = Self.imageFiles(site)
            #expect(before.count == 10)
            try Self.writeSource([["id": "p1", "name": "tiny.png", "url": "\(host)/img/tiny.png"]], in: site)
            _ = try await site.build()
            let after = Self.imageFiles(site)
            #expect(after.count == 3 && after.isSubset(of: before))
            #expect(after.allSatisfy { ["-40.webp", "-40.jpg", "-original.png"].contains(where: $0.hasSuffix) })
        }
    }

    @Test func newSettingsMakeNewVariants() async throws {
        let replica = Replica()
        try await replica.run(routes: { ImageReplica.register(on: $0) }) { host in
            let site = try Self.makeSite(
                host: host, names: ["photo.jpg"],
                images:
                    "images: { widths: [200, 400], formats: [avif, jpeg], quality: { jpeg: 60 }, placeholder: blur }")
            defer { site.remove() }
            let summary = try await site.build()
            #expect(summary.images.processed == 1)
            let files = Self.imageFiles(site)
            #expect(
                files.map { String($0.split(separator: "-").last ?? "") }.sorted() == [
                    "200.avif", "200.jpg", "400.avif", "400.jpg", "original.jpg",
                ])
            let card = try #require(try Self.cards(site)["photo.jpg"])
            #expect(card.contains(#"<source type="image/avif""#))
            #expect(card.contains("url(data:image/webp;base64,"))
        }
    }

    @Test func strictFailsTheBuildOnABadPictureAndKeepsTheOldSite() async throws {
        let replica = Replica()
        try await replica.run(routes: { ImageReplica.register(on: $0) }) { host in
            let site = try Self.makeSite(host: host, names: ["photo.jpg"])
            defer { site.remove() }
            _ = try await site.build()
            let before = try site.read("index.html")
            try Self.writeSource([["id": "p1", "name": "x", "url": "\(host)/img/truncated.jpg"]], in: site)
            var options = BuildOptions()
            options.strict = true
            await #expect(throws: BuildError.self) { try await site.build(options: options) }
            #expect(try site.read("index.html") == before)
        }
    }

    @Test func aPictureOverMaxBytesIsRefused() async throws {
        let replica = Replica()
        try await replica.run(routes: { ImageReplica.register(on: $0) }) { host in
            let site = try Self.makeSite(
                host: host, names: ["photo.jpg", "tiny.png"], images: "images: { maxBytes: 10KB }")
            defer { site.remove() }
            let logs = LogCollector()
            let summary = try await site.build(logs: logs)
            #expect(summary.images.processed == 1 && summary.images.failed == 1)
            #expect(logs.text.contains("images.maxBytes"))
        }
    }

    @Test func aLocalOriginalIsPublishedAsVariantsAndNotCopiedAsItIs() async throws {
        let site = try Self.makeSite(host: "", names: [])
        defer { site.remove() }
        let statics = site.folder.appendingPathComponent("static/photos")
        try FileManager.default.createDirectory(at: statics, withIntermediateDirectories: true)
        try Self.fixture("photo.jpg").write(to: statics.appendingPathComponent("a.jpg"))
        try Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8).write(to: statics.appendingPathComponent("b.svg"))
        try Data("keep".utf8).write(to: statics.appendingPathComponent("notes.txt"))
        try Self.writeSource(
            [["id": "a", "name": "a", "url": "photos/a.jpg"], ["id": "b", "name": "b", "url": "photos/b.svg"]],
            in: site)
        let summary = try await site.build()
        #expect(summary.images.processed == 1 && summary.images.failed == 0)
        let output = site.output.appendingPathComponent("photos")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("a.jpg").path))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("notes.txt").path))
        // The site's own SVG is linked as it is.
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("b.svg").path))
        let cards = try Self.cards(site)
        #expect(try #require(cards["a"]).contains("srcset=\"/images/"))
        #expect(try #require(cards["b"]).contains(#"src="/photos/b.svg""#))
    }

    @Test func theShareTagsShowTheLargestVariantNeverTheOriginal() async throws {
        let replica = Replica()
        try await replica.run(routes: { ImageReplica.register(on: $0) }) { host in
            let site = try Self.makeSite(
                host: host, names: ["photo.jpg", "truncated.jpg"], images: "baseURL: https://example.org/g/")
            defer { site.remove() }
            _ = try await site.build()
            let photo = try site.read("items/p1/index.html")
            #expect(
                photo.range(
                    of: #"<meta property="og:image" content="https://example.org/g/images/[0-9a-f]{32}-1280\.jpg">"#,
                    options: .regularExpression) != nil)
            #expect(photo.contains(#"<meta property="og:image:width" content="1280">"#))
            #expect(photo.contains(#"<meta property="og:image:height" content="854">"#))
            #expect(!(try site.read("items/p2/index.html")).contains("og:image\""))
        }
    }

    static func fixture(_ name: String) throws -> Data { try FixtureFiles.image(name) }

    @Test func imagesOffLinksThePictureAsGiven() async throws {
        let site = try Self.makeSite(
            host: "https://pictures.example", names: ["photo.jpg"], images: "images: { enabled: false }")
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.images == ImageCounts())
        #expect(try site.read("index.html").contains(#"src="https://pictures.example/img/photo.jpg""#))
    }
}
