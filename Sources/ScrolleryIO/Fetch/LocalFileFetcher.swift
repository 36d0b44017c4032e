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

    /// The path of a location: joined as text (a `URL` would ask the file system about each component).
    package func resolve(_ location: String) -> String {
        let path = location.hasPrefix("file://") ? String(location.dropFirst("file://".count)) : location
        return path.hasPrefix("/") ? path : siteFolderPath + "/" + path
    }

    /// A whole file (`WholeFile`), opened without blocking through the open folders.
    /// - Parameter opened: given what `fstat` tells of the file, before it is read.
    private static func read(_ path: String, from folders: OpenFolders, limit: Int, opened: (stat) -> Void)
        -> Result<Data, WholeFile.Failure>
    {
        let descriptor = folders.openForReading(path)
        guard descriptor >= 0 else { return .failure(.system(POSIXFailure(errno: SystemCalls.lastError))) }
        defer { SystemCalls.close(descriptor) }
        return Result { () throws(WholeFile.Failure) in
            try WholeFile.read(descriptor: descriptor, limit: limit, opened: opened)
        }
    }
}
