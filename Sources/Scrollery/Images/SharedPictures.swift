import Foundation
import Logging
import ScrolleryCore
import ScrolleryIO
import ScrolleryImaging
import Synchronization

/// The picture store (`images.store`) as the image stage uses it: finds a picture there before it is made
/// and copies it into the cache, and uploads what this run made, its variants first and its record last, so
/// a picture cut short in the store is never taken for whole. Everything read from the store is checked
/// before it names a file. After a failure of the store as a whole (or a run of failures), the store is left
/// alone for the rest of the run: a store that dies costs one wait, not one per picture.
final class SharedPictures: Sendable {
    /// What a look in the store found.
    enum Lookup<Value: Sendable>: Sendable {
        case found(Value)
        /// The store has no such file, none whole, or one Scrollery did not write (which is then replaced).
        case absent
        /// The store could not be asked, or answered with something unusable.
        case failed
    }

    /// Failures in a row after which the store is left alone.
    static let failuresBeforeGivingUp = 3

    let store: any PictureStore
    private let logger: Logger
    /// Failures in a row, and whether the store was given up.
    private let health = Mutex((failures: 0, down: false))

    init(store: any PictureStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// Whether the store was given up for this run.
    var isDown: Bool { health.withLock { $0.down } }

    /// The store's record of the original at `location`: its key, when the record is there, well formed,
    /// and the picture it names is whole in the cache (copied from the store if need be).
    /// - Returns: the record, and whether its picture was copied from the store.
    func original(
        _ location: String, records: OriginalRecords, cache: VariantCache, inCache: (String) -> Bool
    ) async -> Lookup<(record: OriginalRecords.Record, copied: Bool)> {
        let data: [UInt8]
        switch await contents(of: records.name(of: location)) {
        case .found(let bytes): data = bytes
        case .absent: return .absent
        case .failed: return .failed
        }
        guard let record = try? JSONDecoder().decode(OriginalRecords.Record.self, from: Data(data)),
            Self.isKey(record.key)
        else {
            logger.debug("\(store): the record of an original is not one Scrollery wrote; it is replaced")
            return .absent
        }
        var copied = false
        if !inCache(record.key) {
            switch await picture(record.key, into: cache) {
            case .found: copied = true
            case .absent: return .absent
            case .failed: return .failed
            }
        }
        do {
            try records.keep(record, of: location)
        } catch {
            logger.debug("the record of an original from \(store) was not kept: \(error)")
        }
        return .found((record, copied))
    }

    /// Copies the picture kept under `key` from the store into the cache: its files, then its record.
    func picture(_ key: String, into cache: VariantCache) async -> Lookup<ProcessedImage> {
        guard Self.isKey(key) else { return .failed }
        let recordBytes: [UInt8]
        switch await contents(of: key + ".json") {
        case .found(let bytes): recordBytes = bytes
        case .absent: return .absent
        case .failed: return .failed
        }
        guard let image = try? JSONDecoder().decode(ProcessedImage.self, from: Data(recordBytes)),
            !image.variants.isEmpty
        else {
            logger.debug("\(store): the record of picture \(key) is not one Scrollery wrote; it is replaced")
            return .absent
        }
        let picture = PublishedPicture(key: key, image: image)
        var files: [(name: String, bytes: [UInt8])] = []
        for name in picture.fileNames {
            switch await contents(of: name) {
            case .found(let bytes): files.append((name, bytes))
            // A record whose files are not all there: taken for absent, and made again.
            case .absent: return .absent
            case .failed: return .failed
            }
        }
        do {
            try cache.store(key, files: files, record: Data(recordBytes))
        } catch {
            logger.debug("picture \(key) from \(store) could not be kept in \(cache.folder.path): \(error)")
            return .failed
        }
        return .found(image)
    }

    /// Uploads a picture made here: its variants, then its record, then (for a remote original) the record
    /// of the original that became it.
    /// - Returns: whether everything was uploaded.
    func upload(
        _ key: String, files: [(name: String, bytes: [UInt8])], record: Data,
        original: (name: String, bytes: Data)?
    ) async -> Bool {
        for file in files {
            guard await put(file.bytes, as: file.name) else { return false }
        }
        guard await put([UInt8](record), as: key + ".json") else { return false }
        if let original { return await put([UInt8](original.bytes), as: original.name) }
        return true
    }

    /// Uploads the record of an original whose picture the store already holds.
    func upload(original: (name: String, bytes: Data)) async -> Bool {
        await put([UInt8](original.bytes), as: original.name)
    }

    /// Whether `text` is a key as the cache names pictures: 32 lowercase hex digits.
    static func isKey(_ text: String) -> Bool {
        Fingerprint.Digest(hex: text)?.hex == text
    }

    private func contents(of name: String) async -> Lookup<[UInt8]> {
        guard !isDown else { return .failed }
        do {
            let bytes = try await store.contents(of: name)
            succeeded()
            return bytes.map { .found($0) } ?? .absent
        } catch {
            failed(error)
            return .failed
        }
    }

    private func put(_ bytes: [UInt8], as name: String) async -> Bool {
        guard !isDown else { return false }
        do {
            try await store.put(bytes, as: name)
            succeeded()
            return true
        } catch {
            failed(error)
            return false
        }
    }

    private func succeeded() {
        health.withLock { $0.failures = 0 }
    }

    private func failed(_ error: PictureStoreError) {
        let givenUp = health.withLock { health -> Bool in
            guard !health.down else { return false }
            health.failures += 1
            if error.scope == .store || health.failures >= Self.failuresBeforeGivingUp {
                health.down = true
                return true
            }
            return false
        }
        if givenUp {
            logger.warning(
                """
                \(error.description). The picture store \(store) is not used for the rest of this run: the \
                pictures are made here and not shared; the next run shares them again.
                """)
        } else {
            logger.debug("\(error.description): this picture is not shared")
        }
    }
}
