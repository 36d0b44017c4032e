import Foundation

/// Notices changes in a set of folders by polling modification times and sizes: no platform file
/// events needed, and a few hundred files cost nothing to scan.
struct SiteWatcher: Sendable {
    let folders: [URL]
    /// Paths (absolute, standardized) under which changes are ignored: the output and the cache.
    let ignored: [String]

    /// A fingerprint of every file: path → (modification time, size).
    func snapshot() -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        for folder in folders {
            let root = folder.standardizedFileURL
            guard
                let enumerator = FileManager.default.enumerator(
                    at: root,
                    includingPropertiesForKeys: [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey])
            else { continue }
            for case let file as URL in enumerator {
                let path = file.standardizedFileURL.path
                if ignored.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) {
                    enumerator.skipDescendants()
                    continue
                }
                if file.lastPathComponent.hasPrefix(".") {
                    enumerator.skipDescendants()
                    continue
                }
                guard
                    let values = try? file.resourceValues(
                        forKeys: [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]),
                    values.isRegularFile == true
                else { continue }
                result[path] = [
                    values.contentModificationDate?.timeIntervalSince1970 ?? 0, Double(values.fileSize ?? 0),
                ]
            }
        }
        return result
    }
}
