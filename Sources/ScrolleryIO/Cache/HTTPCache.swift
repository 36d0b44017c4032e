package import Foundation
import ScrolleryCore
import Synchronization

/// The on-disk HTTP cache: one file per response, named by the SHA-256 of what the response depends on
/// (`CachingFetcher.entryName`), so no secret is in a name; an entry holds the redacted URL and the digest
/// of its body. Entries are not flushed to the disk one by one: one that a power cut leaves short or
/// garbled fails its digest and is fetched again. So does one half-written, by a killed build or while
/// another build sharing the cache reads it: a new entry is written under its own name. One that replaces
/// another is written to a temporary file and renamed into place, so the entry it replaces stays whole
/// until then.
package struct HTTPCache: Sendable {
    package init(folder: URL) {
        self.folder = folder
        let path = folder.path
        entriesPath = path + (path.hasSuffix("/") ? "" : "/") + "http"
        entries = EntriesFolder(path: entriesPath)
    }

    package let folder: URL
    /// The folder of the entries' folders, `folder/http`, worked out once: a build finds an entry in it for
    /// every response.
    private let entriesPath: String
    /// `entriesPath` held open once it exists, so that an entry is found by the two names below it rather
    /// than by its whole path.
    private let entries: EntriesFolder
    /// What makes this process's temporary names unique: its id, and a random word chosen once (an id can
    /// come again after a killed build); each name adds a number of its own.
    private static let temporaryPrefix =
        "\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"
    private static let temporaryNumbers = Atomic<Int>(0)

    /// Where the entry filed under a name lives, worked out once for both its load and its store.
    package struct Slot: Sendable {
        /// The entry's path below the entries' folder: the folder of entries that share the digest's first
        /// two hex digits, a slash, and the digest.
        let name: String
        /// The SHA-256 of the name, in lower-case hex: the file's name.
        let digest: String
        /// The folder of entries that share the digest's first two hex digits, below the entries' folder.
        var shard: Substring { name.prefix(2) }
    }

    /// The file of the entry filed under `name`. Made without asking the file system (as
    /// `appendingPathComponent` does, once a component), since a build makes one for every response.
    package func file(for name: String) -> URL {
        URL(fileURLWithPath: entriesPath + "/" + slot(for: name).name, isDirectory: false)
    }

    /// The slot of the entry filed under `name`, made of strings alone.
    package func slot(for name: String) -> Slot {
        let digest = ContentDigest.hex(of: name)
        return Slot(name: digest.prefix(2) + "/" + digest, digest: digest)
    }

    /// The entry in `slot`, if it is whole and holds `url` (the redacted URL).
    package func load(_ slot: Slot, url: String) -> CachedResponse? {
        // No entries' folder yet: no entry (an empty cache's every look-up, until the first store).
        guard let entries = entries.opened(),
            let data = try? WholeFile.read(atPath: slot.name, in: entries),
            let entry = CachedResponse(encoded: data), entry.header.url == url
        else { return nil }
        return entry
    }

    /// Writes `entry` into `slot`: under its name when the slot is empty, or in place of what is there,
    /// whole or not at all.
    package func store(_ entry: CachedResponse, in slot: Slot) throws {
        let line = entry.headerLine()
        let held = try entries.openedOrMade()
        do {
            try store(line, entry.body, in: slot, below: held)
        } catch let failure as POSIXFailure where failure.errno == ENOENT {
            // The entries' folder itself is gone (`scrollery clean --cache`, or a hand, during the build): the
            // one held open is let go, and the folder found or made again, once.
            entries.release(held)
            try store(line, entry.body, in: slot, below: entries.openedOrMade())
        }
    }

    /// Writes an entry's header line and body into `slot` below the entries' folder `held`.
    private func store(_ line: [UInt8], _ body: Data, in slot: Slot, below held: OpenFolder) throws {
        do {
            try write(line, body, in: held, atPath: slot.name, shard: slot.shard)
            return
        } catch let failure as POSIXFailure where failure.errno == EEXIST {
            // An entry is there (stale, broken, or just stored by another build): replaced below.
        }
        let number = Self.temporaryNumbers.add(1, ordering: .relaxed).newValue
        let temporary = "\(slot.shard)/.\(slot.digest).\(Self.temporaryPrefix)\(number).tmp"
        try write(line, body, in: held, atPath: temporary, shard: slot.shard)
        // rename(2) replaces the target atomically.
        guard renameat(held.descriptor, temporary, held.descriptor, slot.name) == 0 else {
            let failure = POSIXFailure(errno: SystemCalls.lastError)
            unlinkat(held.descriptor, temporary, 0)
            throw failure
        }
    }

    /// Writes a new file at `path` below the entries' folder. The shard's folder is made only when the write
    /// finds it missing: most entries go where one already is.
    private func write(_ line: [UInt8], _ body: Data, in entries: OpenFolder, atPath path: String, shard: Substring)
        throws
    {
        do {
            try NewFile.write(line, body, in: entries, atPath: path)
        } catch let failure as POSIXFailure where failure.errno == ENOENT {
            guard mkdirat(entries.descriptor, String(shard), 0o777) == 0 || SystemCalls.lastError == EEXIST
            else { throw POSIXFailure(errno: SystemCalls.lastError) }
            try NewFile.write(line, body, in: entries, atPath: path)
        }
    }

    /// Removes temporary files left by builds that were killed while writing (their process is gone).
    package func removeAbandonedTemporaryFiles() {
        let root = URL(fileURLWithPath: entriesPath, isDirectory: true)
        guard let enumerator = FileManager.default.enumerator(atPath: entriesPath) else { return }
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

/// The entries' folder of a cache, opened the first time it is found (or made) and held open from then on.
/// Safe to use from any number of tasks at once.
private final class EntriesFolder: Sendable {
    init(path: String) {
        self.path = path
    }

    let path: String
    private let folder = Mutex<OpenFolder?>(nil)

    /// The folder, open, or `nil` while it does not exist (or cannot be opened).
    func opened() -> OpenFolder? {
        folder.withLock { folder in
            if let folder { return folder }
            folder = try? OpenFolder(path)
            return folder
        }
    }

    /// Lets go of `stale`, found removed, so that the next use opens the folder at `path` again.
    func release(_ stale: OpenFolder) {
        folder.withLock { folder in
            if folder === stale { folder = nil }
        }
    }

    /// The folder, open, made first (with the folders above it) if it does not exist.
    func openedOrMade() throws -> OpenFolder {
        if let folder = opened() { return folder }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return try folder.withLock { folder in
            if let folder { return folder }
            let opened = try OpenFolder(path)
            folder = opened
            return opened
        }
    }
}
