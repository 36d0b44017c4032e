import Foundation

/// The folders a build replaces or a `clean` removes (`output`, `cache.dir`) must be folders of their own:
/// never the site folder or one that holds it, never the site's `static/`, `templates/` or `data/`, and
/// never each other, so no build or clean can delete or mix in anything of the user's.
extension ConfigDecoder {
    /// The site's own folders that neither the output nor the cache may overlap.
    static let ownFolders = ["static", "templates", "data"]

    func checkFolders(output: URL, cache: URL, top: ConfigReader) throws(ConfigError) {
        let site = siteFolder.standardizedFileURL
        let folders: [(key: String, url: URL)] = [("output", output), ("cache.dir", cache)]
        for (key, folder) in folders where Self.contains(folder, site) {
            throw top.error(
                key == "output" ? "output" : "cache",
                "`\(key)` (`\(folder.path)`) is the site folder or holds it; "
                    + (key == "output"
                        ? "a build replaces its output folder." : "`scrollery clean --cache` removes it."),
                fix: key == "output"
                    ? "Choose a folder of its own, such as `public`."
                    : "Choose a folder of its own, such as `.scrollery-cache`.")
        }
        for (key, folder) in folders {
            for name in Self.ownFolders {
                let own = site.appendingPathComponent(name)
                guard Self.overlap(folder, own) else { continue }
                throw top.error(
                    key == "output" ? "output" : "cache",
                    "`\(key)` (`\(folder.path)`) overlaps the site's `\(name)/` folder, which holds files of yours.",
                    fix: "Choose a folder of its own, outside `\(name)/`, such as "
                        + (key == "output" ? "`public`." : "`.scrollery-cache`."))
            }
        }
        if Self.overlap(output, cache) {
            throw top.error(
                "cache",
                "`output` (`\(output.path)`) and `cache.dir` (`\(cache.path)`) overlap: a build replaces its output "
                    + "folder and `scrollery clean --cache` removes the cache folder, so each would destroy the other.",
                fix: "Give each a folder of its own, such as `output: public` and `cache: { dir: .scrollery-cache }`.")
        }
    }

    /// Whether one folder is the other or holds it, as written or with symbolic links resolved.
    static func overlap(_ first: URL, _ second: URL) -> Bool {
        contains(first, second) || contains(second, first)
    }

    /// Whether `outer` is `inner` or holds it, as written or with symbolic links resolved.
    static func contains(_ outer: URL, _ inner: URL) -> Bool {
        func holds(_ outer: String, _ inner: String) -> Bool {
            inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
        }
        let written = holds(outer.standardizedFileURL.path, inner.standardizedFileURL.path)
        return written || holds(realPath(outer), realPath(inner))
    }

    /// The path with every symbolic link resolved, as far as the path exists.
    static func realPath(_ url: URL) -> String {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        guard let resolved = realpath(existing.path, nil) else { return url.standardizedFileURL.path }
        defer { free(resolved) }
        var path = String(cString: resolved)
        for name in rest { path += (path.hasSuffix("/") ? "" : "/") + name }
        return path
    }
}
