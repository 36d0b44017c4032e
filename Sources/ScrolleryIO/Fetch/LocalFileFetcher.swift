public import Foundation
import ScrolleryCore

/// Reads local JSON files: paths relative to the site folder, absolute paths, or `file://` URLs.
///
/// Paths are used as written: values substituted into a template are percent-encoded, so an id
/// can never add a `/` or `..` and reach outside the folder the template names.
public struct LocalFileFetcher: Fetcher {
    package let siteFolder: URL
    /// Where the identity of each file read is kept (taken with `fstat` before reading it), if anywhere.
    package let identities: FileIdentities?
    /// The largest file read (`fetch.maxBodySize`, as for HTTP): a larger one is refused from its size,
    /// before a byte of it is read.
    package let maxBodySize: Int

    /// - Parameters:
    ///   - siteFolder: the folder relative paths are resolved against.
    ///   - maxBodySize: the largest file read.
    public init(siteFolder: URL, maxBodySize: Int = FetchConfig().maxBodySize) {
        self.init(siteFolder: siteFolder, identities: nil, maxBodySize: maxBodySize)
    }

    package init(
        siteFolder: URL, identities: FileIdentities?, maxBodySize: Int = FetchConfig().maxBodySize,
        folders: OpenFolders = OpenFolders()
    ) {
        self.siteFolder = siteFolder
        self.identities = identities
        self.maxBodySize = maxBodySize
        self.folders = folders
        siteFolderPath = siteFolder.path
    }

    /// The folders of the files read, held open (shared by the copies of this fetcher).
    package let folders: OpenFolders

    /// The site folder's path, worked out once (`URL.path` is not free, and every read needs it).
    private let siteFolderPath: String

    /// The same fetcher, keeping the identity of every file it reads in `identities`.
    package func keepingIdentities(in identities: FileIdentities) -> LocalFileFetcher {
        LocalFileFetcher(siteFolder: siteFolder, identities: identities, maxBodySize: maxBodySize, folders: folders)
    }

    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let location = request.location
        let path = resolve(location)
        var identity: FileIdentity?
        let limit = request.content.limit(json: maxBodySize)
        let result = Self.read(path, from: folders, limit: limit) { info in identity = FileIdentity(info) }
        identities?.add(location: location, identity: identity ?? FileIdentity.of(path: path))
        // The location is relative to the site folder: no absolute path of this machine reaches a page.
        switch result {
        case .success(let body):
            return FetchResponse(body: body, location: location)
        case .failure(.system(let failure)) where failure.errno == ENOENT || failure.errno == ENOTDIR:
            throw FetchError(.notFound, location: location, reason: "no such file")
        case .failure(.system(let failure)):
            throw FetchError(
                .unreadable, location: location,
                reason: "cannot be read (\(failure.problem))")
        case .failure(.notRegular(let kind)):
            throw FetchError(
                .unreadable, location: location,
                reason: "is \(kind), not a regular file, so it is not read. Point the config at a file.")
        case .failure(.tooLarge):
            throw FetchError(
                .tooLarge, location: location,
                reason: "is larger than \(request.content.limitName) (\(limit) bytes); raise it if this is expected")
        }
    }

    /// Why a local file was not read.
    private enum ReadFailure: ScrolleryError {
        case system(POSIXFailure)
        /// A folder, a FIFO, a device or a socket: reading one could block forever or never end.
        case notRegular(String)
        /// Larger than the limit, by its size or by what it held when read.
        case tooLarge

        var problem: String {
            switch self {
            case .system(let failure): failure.problem
            case .notRegular(let kind): "is \(kind), not a regular file"
            case .tooLarge: "is larger than its limit"
            }
        }

        var underlying: (any Error)? {
            if case .system(let failure) = self { return failure }
            return nil
        }

        var description: String { problem }
    }

    /// The path of a location: joined as text (a `URL` would ask the file system about each component).
    package func resolve(_ location: String) -> String {
        let path = location.hasPrefix("file://") ? String(location.dropFirst("file://".count)) : location
        return path.hasPrefix("/") ? path : siteFolderPath + "/" + path
    }

    /// A whole file with `open`, `fstat` and `read`: one allocation, the size known up front. The file is
    /// opened without blocking (a FIFO would wait for a writer forever) and read only if it is a regular
    /// file of at most `limit` bytes; a file that grows while it is read is cut off past the limit.
    /// - Parameter opened: given what `fstat` tells of the file, before it is read.
    private static func read(_ path: String, from folders: OpenFolders, limit: Int, opened: (stat) -> Void)
        -> Result<Data, ReadFailure>
    {
        let descriptor = folders.openForReading(path)
        guard descriptor >= 0 else { return .failure(.system(POSIXFailure(errno: errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.system(POSIXFailure(errno: errno))) }
        opened(info)
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.notRegular("a folder"))
        case S_IFIFO: return .failure(.notRegular("a FIFO (named pipe)"))
        case S_IFCHR, S_IFBLK: return .failure(.notRegular("a device"))
        case S_IFSOCK: return .failure(.notRegular("a socket"))
        default: return .failure(.notRegular("not a file"))
        }
        guard info.st_size <= limit else { return .failure(.tooLarge) }
        // The size fstat gave and one byte more, read in place. A read that stops at the size is the end of a
        // regular file, so no read is spent to find it; one that fills the extra byte means the file grew, and
        // the rest is read into a small buffer on the stack until the end. (Growing the data to look for more
        // would copy it whole, and a picture's original is megabytes.)
        let size = Int(info.st_size)
        var data = Data(count: size + 1)
        var filled = 0
        while filled < data.count {
            let count = data.withUnsafeMutableBytes { buffer in
                guard let start = buffer.baseAddress else { return 0 }
                return SystemCalls.read(descriptor, start + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(POSIXFailure(errno: errno)))
            }
            if count == 0 { break }
            filled += count
            // Short of the byte asked for past the size: the end.
            if filled == size { break }
        }
        guard filled > size else {
            data.count = filled
            return .success(data)
        }
        if data.count > limit { return .failure(.tooLarge) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { more -> Result<Data, ReadFailure> in
            guard let start = more.baseAddress else { return .success(data) }
            while true {
                let count = SystemCalls.read(descriptor, start, more.count)
                if count < 0 {
                    if errno == EINTR { continue }
                    return .failure(.system(POSIXFailure(errno: errno)))
                }
                if count == 0 { return .success(data) }
                data.append(UnsafeBufferPointer(rebasing: more[..<count]))
                if data.count > limit { return .failure(.tooLarge) }
            }
        }
    }
}
