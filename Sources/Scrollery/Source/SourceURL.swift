/// A location a source or detail URL names: an http(s) URL, or else a file under the site folder.
enum SourceURL {
    /// Whether `location` is a local file (not http or https).
    static func isLocal(_ location: String) -> Bool {
        let lowered = location.lowercased()
        return !(lowered.hasPrefix("http://") || lowered.hasPrefix("https://"))
    }
}
