import Foundation
import Synchronization

/// A file's identity as `stat` tells it: size, modification and change times, inode and mode. Any
/// write to a file changes at least its change time.
enum FileIdentity {
    /// The identity of the file at `path`, or `missing`.
    static func of(path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "missing" }
        return of(info)
    }

    static func of(_ info: stat) -> String {
        "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) "
            + "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec) \(info.st_ino) \(info.st_mode)"
    }
}

/// The identities of the files a build reads, each taken just before the file is read, gathered from
/// any number of tasks at once and in any order: what is kept is the sum of a 128-bit hash of each
/// location and identity, so the same files give the same digest whatever order they were read in.
final class FileIdentities: Sendable {
    private let sum = Mutex(RenderKey.Digest(high: 0, low: 0))

    func add(location: String, identity: String) {
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
