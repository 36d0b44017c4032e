package import Foundation

/// Writes a whole new file with plain system calls and no `fsync`: for files whose loss in a power cut
/// costs only work done again (a cache's entries, checked when read), where `Data.write(to:)` would wait
/// for the disk once a file.
package enum NewFile {
    /// Creates the file at `path` below `folder` (the file must not exist) holding `head` and then `tail`,
    /// given to the kernel in one call. When a write fails, the file it made is removed, unless another
    /// file has taken its name since (another build's whole entry, renamed there). When only the closing
    /// fails, the file stays: it is a file whose reader checks it.
    package static func write(_ head: [UInt8], _ tail: Data, in folder: OpenFolder, atPath path: String) throws {
        var descriptor: Int32
        repeat {
            descriptor = openat(folder.descriptor, path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        } while descriptor < 0 && SystemCalls.lastError == EINTR
        guard descriptor >= 0 else { throw POSIXFailure(errno: SystemCalls.lastError) }
        do {
            try head.withUnsafeBytes { head in
                try tail.withUnsafeBytes { tail in try POSIXFailure.writeAll(head, tail, to: descriptor) }
            }
        } catch {
            removeIfStillNamed(path, in: folder, descriptor: descriptor)
            SystemCalls.close(descriptor)
            throw error
        }
        guard SystemCalls.close(descriptor) == 0 else { throw POSIXFailure(errno: SystemCalls.lastError) }
    }

    /// Removes `path` below `folder` if it is still the file open as `descriptor`.
    private static func removeIfStillNamed(_ path: String, in folder: OpenFolder, descriptor: Int32) {
        var made = stat()
        var named = stat()
        guard fstat(descriptor, &made) == 0, fstatat(folder.descriptor, path, &named, AT_SYMLINK_NOFOLLOW) == 0,
            made.st_dev == named.st_dev, made.st_ino == named.st_ino
        else { return }
        unlinkat(folder.descriptor, path, 0)
    }
}
