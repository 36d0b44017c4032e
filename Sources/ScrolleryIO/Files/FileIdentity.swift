package import Foundation
package import ScrolleryCore
import Synchronization

/// A file's identity as `stat` tells it: size, modification and change times, inode and mode. Any
/// write to a file changes at least its change time.
package struct FileIdentity: Sendable, Equatable {
    /// Size, modification and change times (seconds, nanoseconds), inode, mode, and 1 for a file that
    /// exists; all zero for one that does not.
    package let fields: SIMD8<Int64>

    package static let missing = FileIdentity(fields: .zero)

    package init(_ info: stat) {
        fields = SIMD8(
            Int64(info.st_size), Int64(info.modificationTime.tv_sec), Int64(info.modificationTime.tv_nsec),
            Int64(info.statusChangeTime.tv_sec), Int64(info.statusChangeTime.tv_nsec),
            Int64(bitPattern: UInt64(info.st_ino)),
            Int64(info.st_mode), 1)
    }

    private init(fields: SIMD8<Int64>) {
        self.fields = fields
    }

    /// The identity of the file at `path`, or `missing`.
    package static func of(path: String) -> FileIdentity {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return FileIdentity(info)
    }
}

extension Fingerprint {
    package mutating func add(_ identity: FileIdentity) {
        withUnsafeBytes(of: identity.fields) { add(bytes: $0) }
    }
}

/// The folders of files that are read or stat'ed many at a time (a site's detail files), held open so
/// that each file is found by its name in its folder: the kernel walks one name per file instead of a
/// whole absolute path. Safe to use from any number of tasks at once.
package final class OpenFolders: Sendable {
    /// Each folder asked for, open, or `nil` if it could not be opened (then paths are used whole).
    private let folders = Mutex<[String: OpenFolder?]>([:])
    /// Folders held open at most; the files of any other folder are found by their whole path.
    private static let limit = 16

    /// The identity of the file at `path`, or `missing`.
    package func identity(of path: String) -> FileIdentity {
        guard let (folder, name) = locate(path) else { return FileIdentity.of(path: path) }
        var info = stat()
        guard fstatat(folder.descriptor, name, &info, 0) == 0 else { return .missing }
        return FileIdentity(info)
    }

    /// Opens the file at `path` for reading without blocking (opening a FIFO would wait for a writer): a
    /// descriptor, or -1 with `errno` set. The caller checks that it is a regular file before reading.
    package func openForReading(_ path: String) -> Int32 {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
        guard let (folder, name) = locate(path) else { return open(path, flags) }
        return openat(folder.descriptor, name, flags)
    }

    /// The open folder of the file at `path`, and the file's name in it.
    private func locate(_ path: String) -> (OpenFolder, String)? {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash > path.utf8.startIndex else { return nil }
        let name = String(path[path.utf8.index(after: slash)...])
        guard !name.isEmpty, name != ".", name != ".." else { return nil }
        let folderPath = String(path[..<slash])
        let folder: OpenFolder? = folders.withLock { folders in
            if let known = folders[folderPath] { return known }
            guard folders.count < Self.limit else { return nil }
            let opened = try? OpenFolder(folderPath)
            folders[folderPath] = .some(opened)
            return opened
        }
        guard let folder else { return nil }
        return (folder, name)
    }
}

/// The identities of the files a build reads, each taken just before the file is read, gathered from
/// any number of tasks at once and in any order: what is kept is the sum of a 128-bit hash of each
/// location and identity, so the same files give the same digest whatever order they were read in.
package final class FileIdentities: Sendable {
    package init() {}

    private let sum = Mutex(Fingerprint.Digest(high: 0, low: 0))

    package func add(location: String, identity: FileIdentity) {
        var key = Fingerprint(build: "file")
        key.add(location)
        key.add(identity)
        let digest = key.finalize()
        sum.withLock { sum in
            sum.high &+= digest.high
            sum.low &+= digest.low
        }
    }

    package var digest: Fingerprint.Digest { sum.withLock { $0 } }
}
