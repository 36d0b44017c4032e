/// Where a source or detail URL points: a local file (a path or `file:`) or the web.
package enum Location {
    /// Whether `location` names a local file: anything that is not http or https.
    package static func isLocal(_ location: String) -> Bool {
        let lowered = location.lowercased()
        return !(lowered.hasPrefix("http://") || lowered.hasPrefix("https://"))
    }
}
