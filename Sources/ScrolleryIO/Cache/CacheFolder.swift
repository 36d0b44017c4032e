package import Foundation
import ScrolleryCore

/// The cache folder, marked as a cache with the standard `CACHEDIR.TAG` (which backup tools also honour):
/// a build makes the folder with its tag, or claims a folder that holds only what a Scrollery cache holds;
/// `scrollery clean --cache` removes only a marked folder, so a `cache.dir` that names a folder of the
/// user's never costs its files.
package enum CacheFolder {
    package static let tagName = "CACHEDIR.TAG"
    package static let tag = """
        Signature: 8a477f597d28d172789f06886806bc55
        # This file is a cache directory tag created by Scrollery (scrollery clean --cache removes this folder).
        # For information about cache directory tags, see https://bford.info/cachedir/

        """

    /// Makes the folder with its tag, or checks that an existing one is a Scrollery cache.
    package static func prepare(_ folder: URL) throws(CacheFolderError) {
        if isMarked(folder) { return }
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw CacheFolderError(path: folder.path, problem: "exists and is not a folder.")
            }
            let names = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            // A cache made before caches were marked holds these alone.
            let foreign = names.filter {
                !($0 == "http" || $0 == VariantCache.folderName || $0 == tagName
                    || ($0.hasPrefix("inputs-") && $0.hasSuffix(".txt")))
            }
            guard foreign.isEmpty else {
                throw CacheFolderError(
                    path: folder.path,
                    problem:
                        "holds files that are not Scrollery's (\(foreign.sorted().prefix(3).joined(separator: ", ")))"
                        + " and is not marked as a cache (\(tagName)), so it will not be used as one.")
            }
        }
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CacheFolderError(path: folder.path, problem: "cannot be made (\(error.localizedDescription)).")
        }
        // Made in place, only if absent: builds that share the cache may both get here, and a temporary file
        // beside it would be a name the other does not know.
        let descriptor = open(
            folder.appendingPathComponent(tagName).path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0 {
            guard errno == EEXIST else {
                throw CacheFolderError(
                    path: folder.path, problem: "cannot be marked (\(String(cString: strerror(errno)))).")
            }
            return
        }
        defer { close(descriptor) }
        do {
            try Array(tag.utf8).withUnsafeBytes { try POSIXFailure.writeAll($0, to: descriptor) }
        } catch {
            throw CacheFolderError(path: folder.path, problem: "cannot be marked (\(error.localizedDescription)).")
        }
    }

    /// Whether the folder carries Scrollery's tag.
    package static func isMarked(_ folder: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(tagName).path) else {
            return false
        }
        return data.starts(with: Data("Signature: 8a477f597d28d172789f06886806bc55".utf8))
    }
}

/// A cache folder that cannot be used: what it is, and what to do.
package struct CacheFolderError: ScrolleryError, Sendable {
    package let path: String
    package let problem: String
    package var description: String {
        "The cache folder \(path) \(problem) Choose a folder of its own with `cache: { dir: … }` in scrollery.yml."
    }
}

extension CacheFolderError {
    package var place: String { path }
}
