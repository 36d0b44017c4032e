public import Foundation

/// Reads local JSON files: paths relative to the site folder, absolute paths, or `file://` URLs.
///
/// Paths are used as written: values substituted into a template are percent-encoded, so an id
/// can never add a `/` or `..` and reach outside the folder the template names.
public struct LocalFileFetcher: Fetcher {
    let siteFolder: URL
    /// Where the identity of each file read is kept (taken with `fstat` before reading it), if anywhere.
    let identities: FileIdentities?

    /// - Parameter siteFolder: the folder relative paths are resolved against.
    public init(siteFolder: URL) {
        self.init(siteFolder: siteFolder, identities: nil)
    }

    init(siteFolder: URL, identities: FileIdentities?, folders: OpenFolders = OpenFolders()) {
        self.siteFolder = siteFolder
        self.identities = identities
        self.folders = folders
        siteFolderPath = siteFolder.path
    }

    /// The folders of the files read, held open (shared by the copies of this fetcher).
    let folders: OpenFolders

    /// The site folder's path, worked out once (`URL.path` is not free, and every read needs it).
    private let siteFolderPath: String

    /// The same fetcher, keeping the identity of every file it reads in `identities`.
    func keepingIdentities(in identities: FileIdentities) -> LocalFileFetcher {
        LocalFileFetcher(siteFolder: siteFolder, identities: identities, folders: folders)
    }

    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let location = request.location
        let path = resolve(location)
        var identity: FileIdentity?
        let result = Self.read(path, from: folders) { info in identity = FileIdentity(info) }
        identities?.add(location: location, identity: identity ?? FileIdentity.of(path: path))
        switch result {
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
        return path.hasPrefix("/") ? path : siteFolderPath + "/" + path
    }

    /// A whole file with `open`, `fstat` and `read`: one allocation, the size known up front.
    /// - Parameter opened: given what `fstat` tells of the file, before it is read.
    private static func read(_ path: String, from folders: OpenFolders, opened: (stat) -> Void) -> Result<
        Data, POSIXFailure
    > {
        let descriptor = folders.openForReading(path)
        guard descriptor >= 0 else { return .failure(POSIXFailure(errno: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(POSIXFailure(errno: errno)) }
        opened(info)
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
