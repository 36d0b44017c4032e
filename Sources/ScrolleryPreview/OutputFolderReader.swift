import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds what a request names in the output folder, only where it really is inside: the path is
/// resolved with every symbolic link followed and must stay in the output folder (itself resolved), and
/// only regular files are read. A FIFO, a device or a socket is never opened for reading, so no request
/// can hang on one or read a device.
struct OutputFolderReader: Sendable {
    let outputFolder: URL

    /// What a path names inside the output folder.
    enum Entry: Equatable {
        /// A regular file, with its bytes.
        case file(Data)
        /// A folder (its `index.html` is served, if that is a regular file inside).
        case folder
        /// Nothing, something outside the output folder, or something that is neither a file nor a folder.
        case missing
    }

    /// What `names` (relative to the output folder, each a single file name) name.
    func entry(at names: [String]) -> Entry {
        guard let root = Self.realPath(outputFolder.path) else { return .missing }
        let joined = names.isEmpty ? root : root + "/" + names.joined(separator: "/")
        guard let path = Self.realPath(joined),
            path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
        else { return .missing }
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return Self.contents(ofRegularFile: path).map(Entry.file) ?? .missing
        default: return .missing
        }
    }

    /// The path with every symbolic link, `.` and `..` resolved, if it exists.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The bytes of a regular file. The file is opened without following a link and without blocking,
    /// and read only if `fstat` says it is still a regular file (it could have been swapped since the
    /// caller looked at it).
    private static func contents(ofRegularFile path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        // One byte more than the size, so the read that finds the end needs no more room.
        var data = Data(count: Int(info.st_size) + 1)
        var filled = 0
        while true {
            if filled == data.count { data.count += max(4096, data.count) }
            let count = data.withUnsafeMutableBytes { buffer in
                guard let start = buffer.baseAddress else { return 0 }
                return read(descriptor, start + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            filled += count
        }
        data.count = filled
        return data
    }
}
