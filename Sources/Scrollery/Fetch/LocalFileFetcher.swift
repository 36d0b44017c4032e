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
        let file = resolve(location)
        do {
            return FetchResponse(body: try Data(contentsOf: file), location: location)
        } catch {
            let nsError = error as NSError
            let missing = !FileManager.default.fileExists(atPath: file.path)
            throw FetchError(
                missing ? .notFound : .unreadable, location: location,
                // The location is relative to the site folder: no absolute path of this machine reaches a page.
                reason: missing ? "no such file" : "cannot be read (\(nsError.localizedDescription))")
        }
    }

    func resolve(_ location: String) -> URL {
        let path = location.hasPrefix("file://") ? String(location.dropFirst("file://".count)) : location
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : siteFolder.appendingPathComponent(path)
    }

    /// Whether `location` is one this fetcher reads (not http or https).
    static func handles(_ location: String) -> Bool {
        let lowered = location.lowercased()
        return !(lowered.hasPrefix("http://") || lowered.hasPrefix("https://"))
    }
}
