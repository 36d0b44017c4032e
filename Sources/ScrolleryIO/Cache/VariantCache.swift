package import Foundation

/// Processed pictures kept between builds, in the cache folder's `images/`: each picture's variants and a
/// small record of them, named by a key made of the original's bytes and the image settings (so a
/// rebuild with the same originals and settings decodes nothing). The record is written last, after
/// every variant: a picture whose writing was cut short is never taken for whole.
package struct VariantCache: Sendable {
    package static let folderName = "images"

    /// `<cache>/images`.
    package let folder: URL

    package init(cacheFolder: URL) {
        folder = cacheFolder.appendingPathComponent(Self.folderName, isDirectory: true)
    }

    /// The path of a file of the cache (a variant, by its file name).
    package func path(of name: String) -> String { folder.path + "/" + name }

    /// The record kept under `key`, if every file it lists is still there (`names` tells which those are).
    package func record(_ key: String, names: (Data) -> [String]?) -> Data? {
        guard let data = FileManager.default.contents(atPath: path(of: key + ".json")),
            let files = names(data), files.allSatisfy({ access(path(of: $0), R_OK) == 0 })
        else { return nil }
        return data
    }

    /// The bytes of a file of the cache.
    package func contents(of name: String) -> Data? {
        FileManager.default.contents(atPath: path(of: name))
    }

    /// Keeps the variants of one picture, then its record.
    package func store(_ key: String, files: [(name: String, bytes: [UInt8])], record: Data) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in files {
            try Data(file.bytes).write(to: URL(fileURLWithPath: path(of: file.name)), options: .atomic)
        }
        try record.write(to: URL(fileURLWithPath: path(of: key + ".json")), options: .atomic)
    }
}
