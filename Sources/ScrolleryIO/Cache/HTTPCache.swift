package import Foundation
import ScrolleryCore
import Synchronization

/// The on-disk HTTP cache: one file per response, named by the SHA-256 of what the response depends on
/// (`CachingFetcher.entryName`), so no secret is in a name; an entry holds the redacted URL. Each is
/// written to a temporary file and renamed into place, so a killed build never leaves a half-written
/// entry and two builds sharing the cache never see one. Entries are not flushed to the disk one by one:
/// one that a power cut leaves short or garbled fails its digest and is fetched again.
package struct HTTPCache: Sendable {
    package init(folder: URL) {
        self.folder = folder
        folderPath = folder.path
    }

    package let folder: URL
    /// `folder`'s path, worked out once: a build makes a path in it for every response.
    private let folderPath: String
    /// What makes this process's temporary names unique: its id, and a random word chosen once (an id can
    /// come again after a killed build); each name adds a number of its own.
    private static let temporaryPrefix =
        "\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"
    private static let temporaryNumbers = Atomic<Int>(0)

    /// Where the entry filed under a name lives, worked out once for both its load and its store.
    package struct Slot: Sendable {
        /// The folder of entries that share the digest's first two hex digits.
        let folder: String
        /// The entry's file.
        let file: String
        /// The SHA-256 of the name, in lower-case hex: the file's name.
        let digest: String
    }

    /// The file of the entry filed under `name`. Made without asking the file system (as
    /// `appendingPathComponent` does, once a component), since a build makes one for every response.
    package func file(for name: String) -> URL {
        URL(fileURLWithPath: slot(for: name).file, isDirectory: false)
    }

    /// The slot of the entry filed under `name`, made of strings alone.
    package func slot(for name: String) -> Slot {
        let digest = ContentDigest.hex(of: name)
        let folder = folderPath + (folderPath.hasSuffix("/") ? "" : "/") + "http/" + digest.prefix(2)
        return Slot(folder: folder, file: folder + "/" + digest, digest: digest)
    }

    /// The entry in `slot`, if it is whole and holds `url` (the redacted URL).
    package func load(_ slot: Slot, url: String) -> CachedResponse? {
        guard let data = try? WholeFile.read(atPath: slot.file),
            let entry = CachedResponse(encoded: data), entry.header.url == url
        else { return nil }
        return entry
    }

    /// Writes `entry` into `slot` in place of what was there, whole or not at all.
    package func store(_ entry: CachedResponse, in slot: Slot) throws {
        let number = Self.temporaryNumbers.add(1, ordering: .relaxed).newValue
        let temporary = slot.folder + "/.\(slot.digest).\(Self.temporaryPrefix)\(number).tmp"
        let data = entry.encoded()
        // The folder is made only when the write finds it missing: most entries go where one already is.
        do {
            try NewFile.write(data, atPath: temporary)
        } catch let failure as POSIXFailure where failure.errno == ENOENT {
            try FileManager.default.createDirectory(atPath: slot.folder, withIntermediateDirectories: true)
            try NewFile.write(data, atPath: temporary)
        }
        // rename(2) replaces the target atomically.
        guard rename(temporary, slot.file) == 0 else {
            let failure = POSIXFailure(errno: SystemCalls.lastError)
            unlink(temporary)
            throw failure
        }
    }

    /// Removes temporary files left by builds that were killed while writing (their process is gone).
    package func removeAbandonedTemporaryFiles() {
        let root = folder.appendingPathComponent("http")
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return }
        for case let path as String in enumerator where path.hasSuffix(".tmp") {
            let parts = (path as NSString).lastPathComponent.split(separator: ".")
            // .<digest>.<pid>.<word and number>.tmp
            guard parts.count == 4, let pid = Int32(parts[1]), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
        }
    }

    /// Removes the whole cache.
    package func clear() throws {
        if FileManager.default.fileExists(atPath: folder.path) { try FileManager.default.removeItem(at: folder) }
    }
}
