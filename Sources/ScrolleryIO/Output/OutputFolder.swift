import CRenameExchange
package import Foundation

/// The output folder as the build finds and leaves it: which folder a build publishes to, whether it may
/// be replaced (its manifest), whether the previous build is still whole, the staging folders of killed
/// builds, and the exchange of the staging folder with the output.
package enum OutputFolder {
    /// The manifest: every file the build wrote, one path a line. A folder without it is not Scrollery's.
    package static let manifestName = ".scrollery-manifest"

    /// Scrollery's own files beside the pages, which no manifest lists.
    package static let ownFiles: Set<String> = [manifestName, RenderKeys.fileName]

    /// The folder a build exchanges: the configured one, or, when that is a symbolic link (`public ->
    /// /var/www/gallery`), the real folder it leads to.
    package static func publishedFolder(_ folder: URL) throws -> URL {
        var info = stat()
        guard lstat(folder.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return folder }
        guard let resolved = realpath(folder.path, nil) else {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path)) ?? "?"
            throw OutputError(
                path: folder.path,
                problem: "is a symbolic link to `\(target)`, which does not exist. Make that folder, or point "
                    + "`output:` at a folder.")
        }
        defer { free(resolved) }
        return URL(fileURLWithPath: String(cString: resolved), isDirectory: true)
    }

    /// The files a previous build recorded; refuses to replace a non-empty folder Scrollery did not write.
    package static func checkReplaceable(_ folder: URL) throws -> Set<String> {
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: folder.path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else {
            throw OutputError(path: folder.path, problem: "exists and is not a folder; choose another output.")
        }
        let contents = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
        guard !contents.isEmpty else { return [] }
        guard let manifest = try? String(contentsOf: folder.appendingPathComponent(manifestName), encoding: .utf8)
        else {
            throw OutputError(
                path: folder.path,
                problem: "exists, is not empty and was not written by Scrollery, so a build will not replace it. "
                    + "Remove it, or choose another folder with `output:` or `--output`.")
        }
        return Set(manifest.split(separator: "\n").map(String.init))
    }

    /// How many files the manifest in `folder` lists, if every one of them is still there.
    package static func intactFileCount(of folder: URL) -> Int? {
        guard let manifest = FileManager.default.contents(atPath: folder.appendingPathComponent(manifestName).path)
        else { return nil }
        // One `faccessat` per file, relative to the folder: the kernel walks the two or three names of a
        // page's path, not the whole absolute path.
        guard let opened = try? OpenFolder(folder.path) else { return nil }
        var path: [UInt8] = []
        var files = 0
        for line in manifest.split(separator: UInt8(ascii: "\n")) {
            path.removeAll(keepingCapacity: true)
            path.append(contentsOf: line)
            path.append(0)
            let present = path.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { characters in
                    characters.baseAddress.map { faccessat(opened.descriptor, $0, F_OK, 0) == 0 } ?? false
                }
            }
            guard present else { return nil }
            files += 1
        }
        return files
    }

    /// Removes staging folders left by builds that were killed (their process is gone).
    package static func removeLeftovers(of outputFolder: URL) {
        let parent = outputFolder.deletingLastPathComponent()
        let prefix = ".\(outputFolder.lastPathComponent).staging-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let pid = name.dropFirst(prefix.count).prefix { $0.isNumber }
            guard let pid = Int32(pid), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    /// Swaps staging and output in one step where the file system can, then removes the old build.
    package static func exchange(_ stagingFolder: URL, with outputFolder: URL) throws {
        if scrollery_rename_exchange(stagingFolder.path, outputFolder.path) == 0 {
            try? FileManager.default.removeItem(at: stagingFolder)
            return
        }
        // No atomic exchange here: two renames, with the old build moved aside first.
        let previous = outputFolder.deletingLastPathComponent().appendingPathComponent(
            ".\(outputFolder.lastPathComponent).staging-\(ProcessInfo.processInfo.processIdentifier)-old")
        try FileManager.default.moveItem(at: outputFolder, to: previous)
        do {
            try FileManager.default.moveItem(at: stagingFolder, to: outputFolder)
        } catch {
            try? FileManager.default.moveItem(at: previous, to: outputFolder)
            throw error
        }
        try? FileManager.default.removeItem(at: previous)
    }

}
