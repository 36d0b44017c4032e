public import Foundation

/// Reads local JSON files: paths relative to the site folder, absolute paths, or `file://` URLs.
///
/// Paths are used as written: values substituted into a template are percent-encoded, so an id
/// can never add a `/` or `..` and reach outside the folder the template names.
public struct LocalFileFetcher: Fetcher {
    let siteFolder: URL

    /// - Parameter siteFolder: the folder relative paths are resolved against.
    public init(siteFolder: URL) {
        self.siteFolder = siteFolder
    }

    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let location = request.location
        switch Self.read(resolve(location)) {
        case .success(let body):
            return FetchResponse(body: body, location: location)
        case .failure(let failure):
            let missing = failure.errno == ENOENT || failure.errno == ENOTDIR
            throw FetchError(
                missing ? .notFound : .unreadable, location: location,
                // The location is relative to the site folder: no absolute path of this machine reaches a page.
                reason: missing
                    ? "no such file" : "cannot be read (\(failure.errorDescription ?? "error \(failure.errno)"))")
        }
    }

    /// The path of a location: joined as text (a `URL` would ask the file system about each component).
    func resolve(_ location: String) -> String {
        let path = location.hasPrefix("file://") ? String(location.dropFirst("file://".count)) : location
        return path.hasPrefix("/") ? path : siteFolder.path + "/" + path
    }

    /// A whole file with `open`, `fstat` and `read`: one allocation, the size known up front.
    private static func read(_ path: String) -> Result<Data, POSIXFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(POSIXFailure(errno: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(POSIXFailure(errno: errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(POSIXFailure(errno: EISDIR)) }
        var data = Data(count: Int(info.st_size))
        var filled = 0
        while true {
            if filled == data.count { data.count += max(4096, data.count) }
            let count = data.withUnsafeMutableBytes { buffer in
                guard let start = buffer.baseAddress else { return 0 }
                return Glibc.read(descriptor, start + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(POSIXFailure(errno: errno))
            }
            if count == 0 { break }
            filled += count
        }
        data.count = filled
        return .success(data)
    }

    /// Whether `location` is one this fetcher reads (not http or https).
    static func handles(_ location: String) -> Bool {
        let lowered = location.lowercased()
        return !(lowered.hasPrefix("http://") || lowered.hasPrefix("https://"))
    }
}
