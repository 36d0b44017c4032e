package import Foundation

/// Writes a whole new file with plain system calls and no `fsync`: for files whose loss in a power cut
/// costs only work done again (a cache's entries, checked when read), where `Data.write(to:)` would wait
/// for the disk once a file.
package enum NewFile {
    /// Creates the file at `path` (which must not exist) holding `bytes`; on a failure, leaves no file.
    package static func write(_ bytes: some ContiguousBytes, atPath path: String) throws {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        } while descriptor < 0 && SystemCalls.lastError == EINTR
        guard descriptor >= 0 else { throw POSIXFailure(errno: SystemCalls.lastError) }
        do {
            try bytes.withUnsafeBytes { try POSIXFailure.writeAll($0, to: descriptor) }
        } catch {
            SystemCalls.close(descriptor)
            unlink(path)
            throw error
        }
        guard SystemCalls.close(descriptor) == 0 else {
            let failure = POSIXFailure(errno: SystemCalls.lastError)
            unlink(path)
            throw failure
        }
    }
}
