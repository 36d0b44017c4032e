import Foundation
import ScrolleryImaging
import Testing

@testable import ScrolleryTestSites

/// The camera's data read while a picture is processed, from real files (made by
/// scripts/make-test-images.py with each field written): kept with the picture, the place only when the
/// site asks for it, never in a variant; broken values cost only themselves.
struct CameraDataTests {
    static func process(_ name: String, keepsPlace: Bool = false) throws -> (ProcessedImage, [EncodedVariant]) {
        var settings = ImageConfig()
        settings.keepsPlace = keepsPlace
        let processed = try ImageProcessor.process(try FixtureFiles.image(name), settings: settings)
        return (processed.image, processed.variants)
    }

    @Test(
        "a JPEG's, a PNG's and a WebP's EXIF: every value, each file's own camera",
        arguments: [
            ("camera.jpg", "FUJIFILM X-T4"), ("camera.png", "Canon EOS R5"), ("camera.webp", "SONY ILCE-7M4"),
        ])
    func everyValue(name: String, cameraName: String) throws {
        let (image, _) = try Self.process(name)
        let camera = try #require(image.camera)
        #expect(camera.camera == cameraName)
        #expect(camera.lens == "XF23mmF2 R WR")
        #expect(camera.focalLength == 23 && camera.fNumber == 2 && camera.iso == 400)
        #expect(camera.exposure == CameraData.Exposure(1, 250))
        #expect(camera.taken == "2024-05-01T09:41:07")
        #expect(camera.summary == "\(cameraName) · 23mm · f/2 · 1/250 s · ISO 400")
    }

    @Test("the place is dropped unless the site keeps it, and then it is a link to openstreetmap.org")
    func place() throws {
        let (dropped, _) = try Self.process("camera.jpg")
        #expect(dropped.camera?.latitude == nil && dropped.camera?.longitude == nil)
        #expect(dropped.camera?.mapURL == nil)
        let (kept, _) = try Self.process("camera.jpg", keepsPlace: true)
        let camera = try #require(kept.camera)
        // 64° 8' 26.55" N, 21° 56' 1" W: Reykjavík's old harbour.
        #expect(abs(try #require(camera.latitude) - 64.140708) < 0.00001)
        #expect(abs(try #require(camera.longitude) + 21.933611) < 0.00001)
        #expect(
            camera.mapURL == "https://www.openstreetmap.org/?mlat=64.14071&mlon=-21.93361#map=15/64.14071/-21.93361")
    }

    @Test("the variants carry none of it")
    func variantsCarryNone() throws {
        let (_, variants) = try Self.process("camera.jpg", keepsPlace: true)
        #expect(!variants.isEmpty)
        for variant in variants {
            let header = try variant.bytes.withUnsafeBytes { try ImageHeader(of: $0) }
            #expect(header.camera.isEmpty, "\(variant.variant)")
        }
    }

    @Test("a 64 kB maker note, a date in year 0, a zero denominator, a lens of control characters: only those go")
    func hostile() throws {
        let (image, variants) = try Self.process("hostile-exif.jpg")
        #expect(image.width == 200 && !variants.isEmpty)
        let camera = try #require(image.camera)
        #expect(camera.camera == "NIKON Z 6" && camera.iso == 400)
        #expect(camera.fNumber == nil && camera.lens == nil)
        // The photo's own date is broken: the file's date stands in.
        #expect(camera.taken == "2024-05-01T10:00:00")
    }

    @Test("a photo without EXIF has an empty camera, and its header alone gives the same as its processing")
    func noneAndHeaderAlone() throws {
        let (image, _) = try Self.process("photo.jpg")
        #expect(image.camera == CameraData())
        let settings = ImageConfig()
        #expect(
            try ImageProcessor.camera(of: FixtureFiles.image("camera.png"), settings: settings)
                == (try Self.process("camera.png").0.camera))
    }

    @Test("a record keeps the camera; one from before EXIF was read has none; absurd kept values are dropped")
    func records() throws {
        let (image, _) = try Self.process("camera.jpg", keepsPlace: true)
        let data = try JSONEncoder().encode(image)
        #expect(try JSONDecoder().decode(ProcessedImage.self, from: data) == image)
        var old = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        old["camera"] = nil
        let decodedOld = try JSONDecoder().decode(
            ProcessedImage.self, from: JSONSerialization.data(withJSONObject: old))
        #expect(decodedOld.camera == nil && decodedOld.variants == image.variants)
        // A picture store's record is not trusted: what the reader would refuse is refused again.
        let tampered = #"""
            {"width":10,"height":10,"variants":[],"camera":{"make":"Evil\u001b[2J","model":"Z","fNumber":0,
            "focalLength":1e300,"exposure":{"numerator":1,"denominator":0},"iso":4000000000,
            "taken":"0000-00-00T00:00:00","latitude":91,"longitude":10}}
            """#
        let checked = try #require(try JSONDecoder().decode(ProcessedImage.self, from: Data(tampered.utf8)).camera)
        #expect(
            checked
                == {
                    var only = CameraData(); only.model = "Z"; return only
                }())
        #expect(checked.summary == "Z")
    }
}
