package import Foundation
import ScrolleryCore

/// A failed system call, described as the system describes its error, with what to look at where the
/// system's words mislead.
package struct POSIXFailure: ScrolleryError, LocalizedError {
    package let errno: Int32
    package var errorDescription: String? {
        let system = String(cString: strerror(errno))
        switch errno {
        case ENOSPC:
            // tmpfs and ext4 say the same when they have room but no inode left for one more file.
            return "\(system): the disk is full, or out of inodes, with no room for one more file "
                + "(`df -h` and `df -i` tell which)"
        case EDQUOT:
            return "\(system) (`quota -s` shows the user's limits)"
        default:
            return system
        }
    }

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

    /// Writes every byte of `head` and then of `tail` to an open file: both in one `writev`, and what a short
    /// write left, or an interrupted call did not write, by `writeAll`.
    /// - Parameter vectorWrite: `writev` itself, or a stand-in that writes less (for tests of short writes).
    package static func writeAll(
        _ head: UnsafeRawBufferPointer, _ tail: UnsafeRawBufferPointer, to descriptor: Int32,
        vectorWrite: (Int32, UnsafePointer<iovec>, Int32) -> Int = { writev($0, $1, $2) }
    ) throws {
        let parts = [
            iovec(iov_base: UnsafeMutableRawPointer(mutating: head.baseAddress), iov_len: head.count),
            iovec(iov_base: UnsafeMutableRawPointer(mutating: tail.baseAddress), iov_len: tail.count),
        ]
        let written = vectorWrite(descriptor, parts, Int32(parts.count))
        guard written < 0 else {
            let headWritten = min(written, head.count)
            try writeAll(UnsafeRawBufferPointer(rebasing: head[headWritten...]), to: descriptor)
            try writeAll(UnsafeRawBufferPointer(rebasing: tail[(written - headWritten)...]), to: descriptor)
            return
        }
        guard SystemCalls.lastError == EINTR else { throw POSIXFailure(errno: SystemCalls.lastError) }
        try writeAll(head, to: descriptor)
        try writeAll(tail, to: descriptor)
    }
}

extension POSIXFailure {
    package var problem: String { errorDescription ?? "error \(errno)" }
    package var description: String { problem }
}
