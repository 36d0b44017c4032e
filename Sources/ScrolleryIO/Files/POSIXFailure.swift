import Foundation
import ScrolleryCore

/// A failed system call, described as the system describes its error.
package struct POSIXFailure: ScrolleryError, LocalizedError {
    package let errno: Int32
    package var errorDescription: String? { String(cString: strerror(errno)) }

    /// Writes every byte to an open file, again after a short write or an interrupted call.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws {
        guard let start = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = SystemCalls.write(descriptor, start + offset, bytes.count - offset)
            if written < 0 {
                if SystemCalls.lastError == EINTR { continue }
                throw POSIXFailure(errno: SystemCalls.lastError)
            }
            offset += written
        }
    }
}

extension POSIXFailure {
    package var problem: String { errorDescription ?? "error \(errno)" }
    package var description: String { problem }
}
