import Foundation
import ScrolleryImaging
import Testing

@testable import Scrollery
@testable import ScrolleryCore

/// The `images:` section: its defaults, every key, and an error that names the key for each bad value.
struct ImageConfigTests {
    let config = ConfigTests()

    static let base = """
        source: { url: "data/page-{{page}}.json" }
        item: { id: "{{id}}", title: "{{title}}", image: "{{url}}" }

        """

    @Test func theDefaultsAreTheContract() throws {
        let images = try config.parse(Self.base).images
        #expect(images.enabled && images.widths == [320, 640, 1280] && images.formats == [.webp, .jpeg])
        #expect(images.quality(of: .webp) == 80 && images.quality(of: .jpeg) == 80)
        #expect(images.placeholder == .color && images.maxPixels == 100_000_000 && images.maxBytes == 40 << 20)
        #expect(images.concurrency == 0 && images.store == nil && !images.keepsPlace)
    }

    @Test func everyKeyIsRead() throws {
        let images = try config.parse(
            Self.base + """
                images:
                  enabled: false
                  widths: [1280, 320]
                  formats: [avif, jpg]
                  quality: { avif: 55, jpeg: 82 }
                  placeholder: blur
                  maxPixels: 5000000
                  maxBytes: 2MB
                  concurrency: 3
                  store: s3://my-pictures/gallery
                  metadata: { gps: true }
                """
        ).images
        #expect(!images.enabled && images.widths == [320, 1280] && images.formats == [.avif, .jpeg])
        #expect(images.quality(of: .avif) == 55 && images.quality(of: .jpeg) == 82 && images.quality(of: .webp) == 80)
        #expect(images.placeholder == .blur && images.maxPixels == 5_000_000 && images.maxBytes == 2 << 20)
        #expect(images.concurrency == 3 && images.store == "s3://my-pictures/gallery" && images.keepsPlace)
        // Keeping the place is part of the pictures' key, and so is keeping the original for download (on
        // by default: theme.download, and no item.download).
        #expect(images.variantKey.contains(";gps;") && !ImageConfig().variantKey.contains("gps"))
        #expect(images.keepsOriginal && images.variantKey.hasSuffix(";original"))
        let noDownload = try config.parse(Self.base + "theme: { download: false }").images
        #expect(!noDownload.keepsOriginal && !noDownload.variantKey.contains("original"))
        #expect(try config.parse(Self.base + "images: { quality: 70 }").images.quality(of: .webp) == 70)
    }

    @Test(arguments: [
        ("images: { widths: [320, huge] }", "images.widths", "16 to 8192"),
        ("images: { widths: [4] }", "images.widths", "16 to 8192"),
        ("images: { formats: [gif] }", "images.formats", "`gif` is not a format"),
        ("images: { formats: [] }", "images.formats", "is empty"),
        ("images: { quality: 0 }", "images.quality", "1 to 100"),
        ("images: { quality: { png: 80 } }", "images.quality.png", "not a known key"),
        ("images: { placeholder: lqip }", "images.placeholder", "`lqip` is not a placeholder"),
        ("images: { maxBytes: lots }", "images.maxBytes", "not a size"),
        ("images: { maxBytes: 5GB }", "images.maxBytes", "larger than the largest size"),
        ("images: { widht: [320] }", "images.widht", "Did you mean `widths`?"),
        ("images: { store: my-bucket/gallery }", "images.store", "not an S3 location"),
        ("images: { store: \"s3://\" }", "images.store", "not an S3 location"),
        ("images: { metadata: { gps: yes please } }", "images.metadata.gps", "true or false"),
        ("images: { metadata: { exif: false } }", "images.metadata.exif", "not a known key"),
    ])
    func aBadValueNamesItsKey(yaml: String, key: String, words: String) throws {
        let error = try #require(config.parseError(Self.base + yaml))
        config.expectError(error, key: key, mentions: [words])
    }
}
