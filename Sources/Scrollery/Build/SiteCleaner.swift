import Foundation
import ScrolleryIO

/// What `scrollery clean` removes: the HTTP cache, or an output folder Scrollery wrote.
public enum SiteCleaner {
    /// Removes the site's HTTP cache.
    /// - Parameter config: the site's config.
    /// - Returns: a line saying what was removed.
    public static func removeCache(of config: SiteConfig) throws -> String {
        let folder = config.cache.folder
        guard FileManager.default.fileExists(atPath: folder.path) else { return "No cache at \(folder.path)." }
        guard CacheFolder.isMarked(folder) else {
            throw OutputError(
                path: folder.path,
                problem: "is not marked as Scrollery's cache (it has no \(CacheFolder.tagName)), so it is left as it "
                    + "is. If it is an old cache, build once (which marks it) or remove it yourself.")
        }
        let entries = FileManager.default.enumerator(atPath: folder.path)?.allObjects.count ?? 0
        try HTTPCache(folder: folder).clear()
        return "Removed the cache at \(folder.path) (\(entries) files and folders)."
    }

    /// Removes the output folder, only if Scrollery's manifest says it wrote it.
    /// - Parameter config: the site's config.
    /// - Returns: a line saying what was removed.
    public static func removeOutput(of config: SiteConfig) throws -> String {
        let folder = config.outputFolder
        guard FileManager.default.fileExists(atPath: folder.path) else { return "No output at \(folder.path)." }
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(OutputFolder.manifestName).path)
        else {
            throw OutputError(path: folder.path, problem: "was not written by Scrollery; it is left as it is.")
        }
        try FileManager.default.removeItem(at: folder)
        return "Removed \(folder.path)."
    }
}
