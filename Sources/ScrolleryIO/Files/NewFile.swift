package import Foundation

/// Writes a whole new file with plain system calls and no `fsync`: for files whose loss in a power cut
/// costs only work done again (a cache's entries, checked when read), where `Data.write(to:)` would wait
/// for the disk once a file.
package enum NewFile {
    /// Creates the file at `path` below `folder` (the file must not exist) holding `head` and then `tail`,
    /// given to the kernel in one call; on a failure, leaves no file.
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
            SystemCalls.close(descriptor)
            unlinkat(folder.descriptor, path, 0)
            throw error
        }
        guard SystemCalls.close(descriptor) == 0 else {
            let failure = POSIXFailure(errno: SystemCalls.lastError)
            unlinkat(folder.descriptor, path, 0)
            throw failure
        }
    }
}
