/// What the watcher looks at: the site's folders (and the theme's), but neither the output nor the cache
/// folder (a build writes there) nor any dot-file or dot-folder (editors' swap files, `.git`, the build's
/// staging folders).
struct WatchedPaths: Sendable {
    /// The folders watched, absolute and standardized.
    let folders: [String]
    /// Absolute, standardized paths under which nothing is watched.
    let ignored: [String]

    /// Whether a change at `path` (absolute, its last name `name`) is not worth a rebuild.
    func isIgnored(_ path: String, name: Substring) -> Bool {
        name.hasPrefix(".") || ignored.contains { path == $0 || path.hasPrefix($0 + "/") }
    }
}
