import Foundation

/// The real image files in `Fixtures/images` (made by scripts/make-test-images.py; see its README.md).
enum FixtureFiles {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images")

    /// The bytes of the image fixture `name`.
    static func image(_ name: String) throws -> Data {
        try Data(contentsOf: images.appendingPathComponent(name))
    }
}
