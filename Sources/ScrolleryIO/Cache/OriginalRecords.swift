package import Foundation
import ScrolleryCore

/// Which processed picture an original became, kept in the cache folder's `images/originals/`: one small
/// file per original location and image settings, holding the key of its variants and the validators
/// (`ETag`, `Last-Modified`) its server sent. A build that has the variants but not the original (a shard's
/// work copied in, or an HTTP cache that was not kept) uses the picture without downloading it again:
/// offline at once, online after a conditional request the server answers with 304.
///
/// Each record's name is a digest of the location, so shards that write into copies of one cache never
/// write the same name, and a record is written whole or not at all.
package struct OriginalRecords: Sendable {
    package static let folderName = "originals"

    /// What is known of one original.
    package struct Record: Codable, Sendable, Equatable {
        /// The key of the processed picture in `VariantCache`.
        package var key: String
        package var etag: String?
        package var lastModified: String?

        package init(key: String, etag: String? = nil, lastModified: String? = nil) {
            self.key = key
            self.etag = etag
            self.lastModified = lastModified
        }
    }

    /// `<cache>/images/originals`.
    package let folder: URL
    /// The image settings' text: a record is made under the settings in force.
    private let settings: String

    package init(cacheFolder: URL, settings: String) {
        folder = cacheFolder.appendingPathComponent(VariantCache.folderName, isDirectory: true)
            .appendingPathComponent(Self.folderName, isDirectory: true)
        self.settings = settings
    }

    /// The file the record of `location` is kept in.
    package func path(of location: String) -> String {
        folder.deletingLastPathComponent().path + "/" + name(of: location)
    }

    /// The record's name relative to `images/` (`originals/<digest>.json`): its name in a `PictureStore`.
    package func name(of location: String) -> String {
        var name = Fingerprint(build: "original")
        name.add(settings)
        name.add(location)
        return Self.folderName + "/" + name.finalize().hex + ".json"
    }

    /// A record's bytes, as they are kept.
    package static func encoded(_ record: Record) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(record)
    }

    /// The record of the original at `location`, if one was kept and can be read.
    package func record(of location: String) -> Record? {
        guard let data = FileManager.default.contents(atPath: path(of: location)) else { return nil }
        return try? JSONDecoder().decode(Record.self, from: data)
    }

    /// Keeps the record of `location`, unless the same one is already kept.
    package func keep(_ record: Record, of location: String) throws {
        if self.record(of: location) == record { return }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.encoded(record).write(to: URL(fileURLWithPath: path(of: location)), options: .atomic)
    }
}
