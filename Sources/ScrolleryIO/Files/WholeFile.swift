package import Foundation

/// Reads a whole file with plain system calls: for files read once a response (a cache's entries), where
/// `Data(contentsOf:)` makes a URL, and an `NSError` for every file that is not there.
package enum WholeFile {
    /// The bytes of the file at `path`, to its end as it is when read.
    /// - Throws: `POSIXFailure` when it cannot be opened or read (`ENOENT` when there is no such file,
    ///   `EISDIR` for a folder).
    package static func read(atPath path: String) throws(POSIXFailure) -> Data {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
        } while descriptor < 0 && SystemCalls.lastError == EINTR
        guard descriptor >= 0 else { throw POSIXFailure(errno: SystemCalls.lastError) }
        defer { SystemCalls.close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw POSIXFailure(errno: SystemCalls.lastError) }
        // One byte more than its size, so that a file read whole is known to end without growing the buffer.
        var data = Data(count: max(Int(status.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == data.count { data.count += max(4096, data.count) }
            let count = data.withUnsafeMutableBytes { buffer -> Int in
                guard let start = buffer.baseAddress else { return 0 }
                return SystemCalls.read(descriptor, start + filled, buffer.count - filled)
            }
            if count < 0 {
                if SystemCalls.lastError == EINTR { continue }
                throw POSIXFailure(errno: SystemCalls.lastError)
            }
            if count == 0 { break }
            filled += count
        }
        data.count = filled
        return data
    }
}
