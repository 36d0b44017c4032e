import Foundation
import ScrolleryImaging
import Testing

@testable import ScrolleryTestSites

/// The original offered for download: the same picture, byte for byte where the pixels are, without what a
/// photo says of its owner (the camera, the place, XMP, IPTC, comments, text chunks).
struct OriginalCopyTests {
    static func copy(_ bytes: [UInt8], orientation: Int = 1) -> (bytes: [UInt8], format: ImageFormat)? {
        bytes.withUnsafeBytes { OriginalCopy.make($0, orientation: orientation) }
    }

    static func header(_ bytes: [UInt8]) throws -> ImageHeader {
        try bytes.withUnsafeBytes { try ImageHeader(of: $0) }
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// `bytes` with `segments` put right after the JPEG's start marker.
    static func inserting(_ segments: [[UInt8]], intoJPEG bytes: [UInt8]) -> [UInt8] {
        Array(bytes[0..<2]) + segments.flatMap { $0 } + Array(bytes[2...])
    }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    @Test("a JPEG loses its camera, place, XMP, IPTC and comment; its scans are the original's bytes")
    func jpeg() throws {
        let original = Self.inserting(
            [
                Self.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x:creator>Jón Jónsson</x:creator>".utf8)),
                Self.segment(0xED, Array("Photoshop 3.0\0 8BIM Reykjavík, Vesturgata 12".utf8)),
                Self.segment(0xFE, Array("taken from my kitchen window".utf8)),
            ], intoJPEG: [UInt8](try FixtureFiles.image("camera.jpg")))
        let before = try Self.header(original)
        #expect(!before.camera.isEmpty && Self.contains(original, "FUJIFILM"))
        let copy = try #require(Self.copy(original))
        #expect(copy.format == .jpeg)
        for text in ["FUJIFILM", "XF23mmF2", "Exif", "Jón", "Vesturgata", "kitchen", "2024:05:01"] {
            #expect(!Self.contains(copy.bytes, text), "\(text) is still in the copy")
        }
        let after = try Self.header(copy.bytes)
        #expect(after.camera.isEmpty && after.width == before.width && after.height == before.height)
        // From the first scan on, the copy is the original.
        let scan = try #require((0..<(original.count - 1)).first { original[$0] == 0xFF && original[$0 + 1] == 0xDA })
        #expect(copy.bytes.suffix(original.count - scan).elementsEqual(original[scan...]))
    }

    @Test("a turned JPEG keeps its orientation, as its only EXIF value")
    func orientation() throws {
        let original = [UInt8](try FixtureFiles.image("orientation-6.jpg"))
        let before = try Self.header(original)
        #expect(before.orientation == 6)
        let copy = try #require(Self.copy(original, orientation: 6))
        let after = try Self.header(copy.bytes)
        #expect(after.orientation == 6 && after.width == before.width && after.height == before.height)
        #expect(after.camera.isEmpty)
        #expect(Self.contains(copy.bytes, "Exif\0\0MM"))
    }

    @Test(
        "a PNG's and a WebP's EXIF go; the copy reads as the same picture",
        arguments: [("camera.png", ImageFormat.png, "Canon"), ("camera.webp", .webp, "SONY")])
    func pngAndWebP(name: String, format: ImageFormat, make: String) throws {
        let original = [UInt8](try FixtureFiles.image(name))
        #expect(Self.contains(original, make))
        let copy = try #require(Self.copy(original))
        #expect(copy.format == format && !Self.contains(copy.bytes, make))
        let before = try Self.header(original)
        let after = try Self.header(copy.bytes)
        #expect(after.camera.isEmpty && !before.camera.isEmpty)
        #expect(after.width == before.width && after.height == before.height && after.hasAlpha == before.hasAlpha)
        if format == .webp {
            // The RIFF size is the file's, and VP8X no longer announces EXIF or XMP.
            let size =
                Int(copy.bytes[4]) | Int(copy.bytes[5]) << 8 | Int(copy.bytes[6]) << 16 | Int(copy.bytes[7]) << 24
            #expect(size + 8 == copy.bytes.count)
            if copy.bytes[12..<16].elementsEqual(Array("VP8X".utf8)) { #expect(copy.bytes[20] & 0x0C == 0) }
        }
    }

    @Test("a PNG's text chunks go, its other chunks stay in order")
    func pngText() throws {
        let original = [UInt8](try FixtureFiles.image("tiny.png"))
        let text = Self.pngChunk("tEXt", Array("Author\0Jón Jónsson".utf8))
        let withText = Array(original[0..<33]) + text + Array(original[33...])
        let copy = try #require(Self.copy(withText))
        #expect(copy.bytes == original)
    }

    @Test(
        "what cannot be copied faithfully gives no copy: a GIF, a turned PNG, a cut segment, not an image",
        arguments: ["animated.gif", "not-an-image.jpg"])
    func none(name: String) throws {
        #expect(Self.copy([UInt8](try FixtureFiles.image(name))) == nil)
    }

    @Test("a segment longer than the file, a PNG without its end and a turned PNG give no copy")
    func broken() throws {
        let jpeg = [UInt8](try FixtureFiles.image("photo.jpg"))
        #expect(Self.copy(Array(jpeg[0..<2]) + [0xFF, 0xE1, 0xFF, 0xFF] + Array(jpeg[2..<100])) == nil)
        let png = [UInt8](try FixtureFiles.image("tiny.png"))
        #expect(Self.copy(Array(png.dropLast(12))) == nil)
        #expect(Self.copy(png, orientation: 6) == nil)
    }

    @Test("the processor keeps the copy only when the site offers originals, and only for a format it copies")
    func processor() throws {
        var settings = ImageConfig()
        #expect(try ImageProcessor.process(FixtureFiles.image("camera.jpg"), settings: settings).original == nil)
        settings.keepsOriginal = true
        let made = try ImageProcessor.process(FixtureFiles.image("camera.jpg"), settings: settings)
        #expect(made.image.original == .jpeg && made.original.map { !Self.contains($0, "FUJIFILM") } == true)
        let gif = try ImageProcessor.process(FixtureFiles.image("animated.gif"), settings: settings)
        #expect(gif.image.original == nil && gif.original == nil)
        #expect(ImageConfig().variantKey != settings.variantKey)
    }

    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in typed {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        let length = UInt32(data.count)
        func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) } }
        return bigEndian(length) + typed + bigEndian(crc)
    }
}
