package import Foundation
import ScrolleryCore

/// Reads a whole regular file with plain system calls: open, fstat, and reads into one buffer of the size
/// fstat gave. A folder, FIFO, device or socket is refused before a byte is read (reading one could block
/// forever or never end), and so is a file past a limit.
package enum WholeFile {
    /// Why a file was not read.
    package enum Failure: ScrolleryError {
        case system(POSIXFailure)
        /// A folder, a FIFO, a device or a socket, named ("a folder").
        case notRegular(String)
        /// Larger than the limit, by its size or by what it held when read.
        case tooLarge

        package var problem: String {
            switch self {
            case .system(let failure): failure.problem
            case .notRegular(let kind): "is \(kind), not a regular file"
            case .tooLarge: "is larger than its limit"
            }
        }

        package var underlying: (any Error)? {
            if case .system(let failure) = self { return failure }
            return nil
        }

        package var description: String { problem }
    }

    /// The bytes of the file at `path` (below `folder`, if given), to its end as it is when read. The file
    /// is opened without blocking.
    package static func read(atPath path: String, in folder: OpenFolder? = nil, limit: Int = .max) throws(Failure)
        -> Data
    {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
        var descriptor: Int32
        repeat {
            descriptor = folder.map { openat($0.descriptor, path, flags) } ?? open(path, flags)
        } while descriptor < 0 && SystemCalls.lastError == EINTR
        guard descriptor >= 0 else { throw .system(POSIXFailure(errno: SystemCalls.lastError)) }
        defer { SystemCalls.close(descriptor) }
        return try read(descriptor: descriptor, limit: limit)
    }

    /// The bytes of the open file `descriptor` (opened without blocking), if it is a regular file of at most
    /// `limit` bytes; a file that grows while it is read is cut off past the limit. The caller closes it.
    /// - Parameter opened: given what `fstat` tells of the file, before it is read.
    package static func read(descriptor: Int32, limit: Int, opened: (stat) -> Void = { _ in }) throws(Failure)
        -> Data
    {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(POSIXFailure(errno: SystemCalls.lastError)) }
        opened(info)
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notRegular("a folder")
        case S_IFIFO: throw .notRegular("a FIFO (named pipe)")
        case S_IFCHR, S_IFBLK: throw .notRegular("a device")
        case S_IFSOCK: throw .notRegular("a socket")
        default: throw .notRegular("not a file")
        }
        guard info.st_size <= limit else { throw .tooLarge }
        // The size fstat gave and one byte more, read in place. A read that stops at the size is the end of a
        // regular file, so no read is spent to find it; one that fills the extra byte means the file grew (or
        // is a kernel's file, whose size says 0), and the rest is read into a small buffer on the stack until
        // the end. (Growing the data to look for more would copy it whole, and a picture's original is
        // megabytes.)
        let size = max(Int(info.st_size), 0)
        var data = Data(count: size + 1)
        var filled = 0
        while filled < data.count {
            let count = data.withUnsafeMutableBytes { buffer in
                guard let start = buffer.baseAddress else { return 0 }
                return SystemCalls.read(descriptor, start + filled, buffer.count - filled)
            }
            if count < 0 {
                if SystemCalls.lastError == EINTR { continue }
                throw .system(POSIXFailure(errno: SystemCalls.lastError))
            }
            if count == 0 { break }
            filled += count
            // Short of the byte asked for past the size: the end.
            if filled == size { break }
        }
        guard filled > size else {
            data.count = filled
            return data
        }
        if data.count > limit { throw .tooLarge }
        let rest = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { more -> Failure? in
            guard let start = more.baseAddress else { return nil }
            while true {
                let count = SystemCalls.read(descriptor, start, more.count)
                if count < 0 {
                    if SystemCalls.lastError == EINTR { continue }
                    return .system(POSIXFailure(errno: SystemCalls.lastError))
                }
                if count == 0 { return nil }
                data.append(UnsafeBufferPointer(rebasing: more[..<count]))
                if data.count > limit { return .tooLarge }
            }
        }
        if let rest { throw rest }
        return data
    }
}
