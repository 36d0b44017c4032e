import Foundation
import ScrolleryCore
import ScrolleryImaging
import ScrolleryImagingTestSupport
import Testing

@testable import ScrolleryTestSites

/// The image processor on real files (Fixtures/images, made by scripts/make-test-images.py): sizes,
/// formats, orientation, colour, alpha, frames, and every way an original can be bad.
struct ImageProcessorTests {
    static func fixture(_ name: String) throws -> Data { try FixtureFiles.image(name) }

    static func process(_ name: String, _ change: (inout ImageConfig) -> Void = { _ in }) throws -> (
        ProcessedImage, [EncodedVariant]
    ) {
        var settings = ImageConfig()
        change(&settings)
        let processed = try ImageProcessor.process(try fixture(name), settings: settings)
        return (processed.image, processed.variants)
    }

    static func isRed(_ pixel: (red: Int, green: Int, blue: Int)?) -> Bool {
        guard let pixel else { return false }
        return pixel.red > 180 && pixel.green < 80 && pixel.blue < 80
    }

    static func isBlue(_ pixel: (red: Int, green: Int, blue: Int)?) -> Bool {
        guard let pixel else { return false }
        return pixel.blue > 180 && pixel.red < 80
    }

    @Test func aPhotoGetsEveryWidthInEveryFormatInProportion() throws {
        let (image, variants) = try Self.process("photo.jpg")
        #expect(image.width == 1600 && image.height == 1067)
        #expect(image.variants.map(\.width) == [320, 640, 1280, 320, 640, 1280])
        #expect(image.variants.map(\.format) == [.webp, .webp, .webp, .jpeg, .jpeg, .jpeg])
        for variant in image.variants {
            let expected = Double(1067) * Double(variant.width) / 1600
            #expect(abs(Double(variant.height) - expected) <= 1, "\(variant)")
        }
        for encoded in variants {
            let bytes = encoded.bytes
            switch encoded.variant.format {
            case .webp: #expect(bytes.count > 12 && Array(bytes[8..<12]) == Array("WEBP".utf8))
            case .jpeg: #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]))
            default: Issue.record("unexpected format \(encoded.variant.format)")
            }
            let header = try bytes.withUnsafeBytes { try ImageHeader(of: $0) }
            #expect(header.width == encoded.variant.width && header.height == encoded.variant.height)
        }
        guard case .color(let color) = image.placeholder else {
            Issue.record("expected a colour placeholder, got \(String(describing: image.placeholder))")
            return
        }
        #expect(color.count == 7 && color.hasPrefix("#"))
    }

    @Test func anEXIFOrientationIsAppliedAndNotKept() throws {
        let (image, variants) = try Self.process("orientation-6.jpg")
        // Stored 300×200 wide, shown 200×300 tall: the only variant is the original's width.
        #expect(image.width == 200 && image.height == 300)
        #expect(image.variants.map(\.width) == [200, 200])
        for encoded in variants {
            #expect(encoded.variant.height == 300)
            let header = try encoded.bytes.withUnsafeBytes { try ImageHeader(of: $0) }
            #expect(header.orientation == 1, "the orientation tag is stripped with the rest of the metadata")
            // The stored left half is red: turned upright, it is the top half.
            #expect(Self.isRed(ImageSample.pixel(of: encoded.bytes, x: 100, y: 50)), "\(encoded.variant.format)")
            #expect(Self.isBlue(ImageSample.pixel(of: encoded.bytes, x: 100, y: 250)), "\(encoded.variant.format)")
        }
    }

    @Test func aCMYKPhotoIsConvertedToSRGB() throws {
        let (image, variants) = try Self.process("cmyk.jpg")
        #expect(image.width == 240 && image.height == 160)
        let jpeg = try #require(variants.first { $0.variant.format == .jpeg })
        // The first band is pure cyan ink: in sRGB, little red and much green and blue.
        let cyan = try #require(ImageSample.pixel(of: jpeg.bytes, x: 30, y: 80))
        #expect(cyan.red < 100 && cyan.green > 120 && cyan.blue > 160, "\(cyan)")
    }

    @Test func aTransparentPictureKeepsItsAlphaAndIsNeverJPEG() throws {
        let (image, variants) = try Self.process("alpha.png")
        #expect(image.formats == [.webp, .png])
        for encoded in variants {
            let header = try encoded.bytes.withUnsafeBytes { try ImageHeader(of: $0) }
            #expect(header.hasAlpha, "\(encoded.variant.format)")
        }
        #expect(image.variants.map(\.width) == [320, 400, 320, 400])
    }

    @Test func anAnimationBecomesItsFirstFrame() throws {
        let (image, variants) = try Self.process("animated.gif")
        #expect(image.width == 200 && image.height == 150)
        for encoded in variants {
            let header = try encoded.bytes.withUnsafeBytes { try ImageHeader(of: $0) }
            #expect(header.pages == 1)
            #expect(Self.isRed(ImageSample.pixel(of: encoded.bytes, x: 100, y: 75)), "\(encoded.variant.format)")
        }
        #expect(image.placeholder == .color("#dc1414"))
    }

    @Test func aPictureSmallerThanEveryWidthIsNeverEnlarged() throws {
        let (image, _) = try Self.process("tiny.png")
        #expect(image.variants.map(\.width) == [40, 40])
        #expect(image.variants.allSatisfy { $0.height == 30 })
    }

    @Test func theWidthsAreThoseAskedForNarrowerThanTheOriginal() {
        #expect(ImageProcessor.variantWidths([320, 640, 1280], originalWidth: 1000) == [320, 640, 1000])
        #expect(ImageProcessor.variantWidths([320, 640, 1280], originalWidth: 1280) == [320, 640, 1280])
        #expect(ImageProcessor.variantWidths([320, 640, 1280], originalWidth: 5000) == [320, 640, 1280])
        #expect(ImageProcessor.variantWidths([320], originalWidth: 10) == [10])
        #expect(ImageProcessor.variantFormats([.webp, .jpeg], hasAlpha: true) == [.webp, .png])
        #expect(ImageProcessor.variantFormats([.jpeg, .png], hasAlpha: true) == [.png])
        #expect(ImageProcessor.variantFormats([.avif, .jpeg], hasAlpha: false) == [.avif, .jpeg])
    }

    @Test func aBlurPlaceholderIsATinyInlineImage() throws {
        let (image, _) = try Self.process("photo.jpg") { $0.placeholder = .blur }
        guard case .image(let uri) = image.placeholder else {
            Issue.record("expected an image placeholder, got \(String(describing: image.placeholder))")
            return
        }
        #expect(uri.hasPrefix("data:image/webp;base64,"))
        #expect(uri.utf8.count <= 400)
        let (none, _) = try Self.process("photo.jpg") { $0.placeholder = .none }
        #expect(none.placeholder == nil)
    }

    @Test func theSameBytesAndSettingsGiveTheSameVariants() throws {
        let (_, first) = try Self.process("photo.jpg")
        let (_, second) = try Self.process("photo.jpg")
        #expect(first.map(\.bytes) == second.map(\.bytes))
    }

    @Test(arguments: [
        ("truncated.jpg", ImageFailure.Kind.undecodable),
        ("not-an-image.jpg", .notAnImage),
        ("huge-header.png", .tooManyPixels),
    ])
    func aBadOriginalFailsWithItsReason(name: String, kind: ImageFailure.Kind) throws {
        let bytes = try Self.fixture(name)
        let started = ContinuousClock.now
        #expect {
            try ImageProcessor.process(bytes, settings: ImageConfig())
        } throws: { error in
            (error as? ImageFailure)?.kind == kind
        }
        if kind == .tooManyPixels {
            // Refused from its header: 1.6 gigapixels are never decoded.
            #expect(ContinuousClock.now - started < .seconds(2))
        }
    }

    /// Originals broken each in its own way, with a fragment of the reason each must fail with: libvips'
    /// own text where it has one (a bad IHDR CRC reaches libvips only as a warning, so that one has none).
    static func distinctlyBrokenOriginals() throws -> [(name: String, bytes: Data, reason: String)] {
        let photo = [UInt8](try fixture("photo.jpg"))
        let startOfFrame = try #require(photo.indices.dropLast().first { photo[$0] == 0xFF && photo[$0 + 1] == 0xC0 })
        var zeroWidth = photo
        zeroWidth[startOfFrame + 7] = 0
        zeroWidth[startOfFrame + 8] = 0
        var badHeaderCRC = [UInt8](try fixture("tiny.png"))
        badHeaderCRC[29] ^= 0xFF
        let alpha = try fixture("alpha.png")
        let animated = try fixture("animated.gif")
        return [
            ("truncated.jpg", try fixture("truncated.jpg"), "Premature end of input file"),
            ("not-an-image.jpg", try fixture("not-an-image.jpg"), "not an image in a supported format"),
            ("alpha.png cut in half", alpha.prefix(alpha.count / 2), "libpng read error"),
            ("animated.gif cut to a third", animated.prefix(animated.count / 3), "Unexpected end of GIF source data"),
            ("photo.jpg 0 pixels wide", Data(zeroWidth), "Empty JPEG image"),
            ("photo.jpg cut in its frame header", Data(photo.prefix(startOfFrame + 5)), "Bogus marker length"),
            ("tiny.png with a bad IHDR CRC", Data(badHeaderCRC), "(unknown error)"),
        ]
    }

    /// libvips gathers errors in one buffer for the process: pictures processed at once must each fail
    /// with their own reason, and be made as they are alone, however their calls interleave.
    @Test func picturesProcessedAtOnceFailWithTheirOwnReasons() async throws {
        let broken = try Self.distinctlyBrokenOriginals()
        let good = try ["tiny.png", "alpha.png", "orientation-6.jpg", "animated.gif", "cmyk.jpg"].map {
            (name: $0, bytes: try Self.fixture($0))
        }
        let originals = broken.map { (name: $0.name, bytes: $0.bytes) } + good
        let settings = {
            var settings = ImageConfig()
            settings.widths = [48]
            settings.formats = [.webp]
            return settings
        }()
        let process = { @Sendable (bytes: Data) in
            Result { () throws(ImageFailure) in try ImageProcessor.process(bytes, settings: settings).image }
        }
        let alone = originals.map { process($0.bytes) }
        for (original, outcome) in zip(broken, alone) {
            guard case .failure(let failure) = outcome else {
                Issue.record("\(original.name) was made")
                continue
            }
            #expect(failure.reason.contains(original.reason), "\(original.name): \(failure.reason)")
        }
        let reasons = alone.compactMap { if case .failure(let failure) = $0 { failure.reason } else { nil } }
        #expect(reasons.count == broken.count && Set(reasons).count == reasons.count, "\(reasons)")
        for (original, outcome) in zip(good, alone.dropFirst(broken.count)) {
            #expect((try? outcome.get()) != nil, "\(original.name): \(outcome)")
        }

        // Threads of their own, four a core, so that the system also switches between them within a call.
        let threads = 4 * ProcessInfo.processInfo.activeProcessorCount
        let jobs = 40 * originals.count
        let together = await withTaskGroup(of: [(Int, Result<ProcessedImage, ImageFailure>)].self) { group in
            for thread in 0..<threads {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        Thread {
                            let mine = stride(from: thread, to: jobs, by: threads).map { job in
                                (job % originals.count, process(originals[job % originals.count].bytes))
                            }
                            continuation.resume(returning: mine)
                        }.start()
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(together.count == jobs)
        var mismatches = 0
        for (index, outcome) in together where outcome != alone[index] {
            mismatches += 1
            if mismatches <= 5 { Issue.record("\(originals[index].name): \(outcome), alone \(alone[index])") }
        }
        #expect(mismatches == 0, "of \(jobs)")
    }

    @Test func emptyAndRandomBytesAreNotImages() {
        for bytes in [Data(), Data("GIF89a".utf8), Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })] {
            #expect(throws: ImageFailure.self) { try ImageProcessor.process(bytes, settings: ImageConfig()) }
        }
    }
}
