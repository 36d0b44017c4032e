import Foundation
import Synchronization

/// A file's identity as `stat` tells it: size, modification and change times, inode and mode. Any
/// write to a file changes at least its change time.
struct FileIdentity: Sendable, Equatable {
    /// Size, modification and change times (seconds, nanoseconds), inode, mode, and 1 for a file that
    /// exists; all zero for one that does not.
    let fields: SIMD8<Int64>

    static let missing = FileIdentity(fields: .zero)

    init(_ info: stat) {
        fields = SIMD8(
            Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec),
            Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec), Int64(bitPattern: UInt64(info.st_ino)),
            Int64(info.st_mode), 1)
    }

    private init(fields: SIMD8<Int64>) {
        self.fields = fields
    }

    /// The identity of the file at `path`, or `missing`.
    static func of(path: String) -> FileIdentity {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return FileIdentity(info)
    }
}

extension RenderKey {
    mutating func add(_ identity: FileIdentity) {
        withUnsafeBytes(of: identity.fields) { add(bytes: $0) }
    }
}

/// Stats many files that live in a few folders: each folder is opened once and each file looked up by
/// its name in it, so the kernel walks one name per file instead of a whole absolute path.
final class FileStatter {
    private var folders: [String: Int32] = [:]
    /// Folders kept open at most; the files of any other folder are stat'ed by their whole path.
    private static let folderLimit = 16

    func identity(of path: String) -> FileIdentity {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return FileIdentity.of(path: path) }
        let folder = String(path[..<slash])
        var descriptor = folders[folder]
        if descriptor == nil, folders.count < Self.folderLimit {
            let opened = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            folders[folder] = opened
            descriptor = opened
        }
        guard let descriptor, descriptor >= 0 else { return FileIdentity.of(path: path) }
        var info = stat()
        guard fstatat(descriptor, String(path[path.utf8.index(after: slash)...]), &info, 0) == 0 else {
            return .missing
        }
        return FileIdentity(info)
    }

    deinit {
        for descriptor in folders.values where descriptor >= 0 { close(descriptor) }
    }
}

/// The identities of the files a build reads, each taken just before the file is read, gathered from
/// any number of tasks at once and in any order: what is kept is the sum of a 128-bit hash of each
/// location and identity, so the same files give the same digest whatever order they were read in.
final class FileIdentities: Sendable {
    private let sum = Mutex(RenderKey.Digest(high: 0, low: 0))

    func add(location: String, identity: FileIdentity) {
        var key = RenderKey(build: "file")
        key.add(location)
        key.add(identity)
        let digest = key.finalize()
        sum.withLock { sum in
            sum.high &+= digest.high
            sum.low &+= digest.low
        }
    }

    var digest: RenderKey.Digest { sum.withLock { $0 } }
}
