package import Foundation
package import ScrolleryCore

/// Writes a build into a staging folder beside the output folder and swaps the two atomically at the
/// end, so a failed, interrupted or killed build leaves the previous site exactly as it was. A writer is
/// used once: it ends by `commit()` or `discard()`, which consume it (it cannot be copied, so no copy of
/// it can commit or discard the same staging folder again).
///
/// What makes a rebuild incremental, each in one place:
/// 1. **The inputs' fingerprint** (`InputFingerprint`, pipeline): a local site whose config, theme and
///    files are those of the last build stops before rendering anything.
/// 2. **Render keys** (`OutputStore.write(key:to:render:)`, `RenderKeys`): a page whose key (the build's
///    and its items' fingerprints) matches the previous build's is not rendered: the previous file is
///    kept.
/// 3. **Byte comparison** (`OutputStore.write(_:to:)`): a rendered page or copied file whose bytes are
///    those of the previous build's file is not written.
/// 4. **Hard links** (`commit`): every file kept by 2 or 3 is linked from the previous build into the new
///    one, so it keeps its modification time and upload steps skip it.
/// 5. **The manifest** (`OutputFolder`): the list of the previous build's files, which 2 and 3 trust
///    (a file not in it is never reused) and which tells a folder Scrollery may replace. When nothing
///    changed at all, `commit` leaves the output folder as it was.
///
/// Files of the previous build that this one does not produce are gone after the swap; files in the
/// output folder that Scrollery never wrote (not in its manifest) are carried over, unless `clean` is
/// set. Every path is checked to stay inside the folder.
package struct OutputWriter: ~Copyable {
    package let outputFolder: URL
    package let stagingFolder: URL
    package let clean: Bool
    /// Every file of the build: whether it changed, and a page's render key. Pages are listed in a file
    /// in the staging folder, so a build keeps only an 8-byte hash per page in memory as it streams (the
    /// text of the manifest and keys is written line by line).
    private var files: WrittenFiles
    /// Paths written twice (a file in `static/` with the name of a generated one): the last write wins.
    package var overriddenFiles: [String] { files.overridden }
    /// Files written anew because they are new or their bytes changed.
    package var changedFiles: Int { files.changedCount }
    /// How many files the build has.
    package var fileCount: Int { files.count }
    /// The pages recorded so far, in build order.
    package var pageNames: PageNames { files.pageNames }
    /// The paths of the build's files: pages in build order, then the others in name order.
    package var writtenFiles: [String] {
        get throws {
            var paths: [String] = []
            try files.forEachPath { path, _ in paths.append(path) }
            return paths
        }
    }
    private let previousManifest: Set<String>
    private let previousKeys: [String: Fingerprint.Digest]
    /// The staging folder, open: pages are written relative to it.
    private let staging: OpenFolder
    private let fileManager = FileManager.default

    /// - Parameters:
    ///   - outputFolder: the configured output folder; a symbolic link to a folder is published through
    ///     (its target is what the build exchanges), never replaced by a folder of its own.
    ///   - clean: whether files Scrollery did not write are left out.
    package init(outputFolder requested: URL, clean: Bool = false) throws {
        // Every field is set at the end, once nothing can throw (a non-copyable value is whole or not at all).
        let outputFolder = try OutputFolder.publishedFolder(requested)
        let parent = outputFolder.deletingLastPathComponent()
        OutputFolder.removeLeftovers(of: outputFolder)
        let stagingFolder = parent.appendingPathComponent(
            ".\(outputFolder.lastPathComponent).staging-\(ProcessInfo.processInfo.processIdentifier)-"
                + UUID().uuidString.prefix(8))
        let previousManifest = try OutputFolder.checkReplaceable(outputFolder)
        let previousKeys = RenderKeys.load(from: outputFolder)
        do {
            try FileManager.default.createDirectory(at: stagingFolder, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: stagingFolder.path, problem: "cannot be created: \(error.localizedDescription)")
        }
        let staging: OpenFolder
        let files: WrittenFiles
        do {
            staging = try OpenFolder(stagingFolder.path)
            files = try WrittenFiles(in: staging)
        } catch {
            try? FileManager.default.removeItem(at: stagingFolder)
            if let error = error as? OutputError { throw error }
            throw OutputError(path: stagingFolder.path, problem: "cannot be opened: \(error.localizedDescription)")
        }
        self.outputFolder = outputFolder
        self.clean = clean
        self.stagingFolder = stagingFolder
        self.previousManifest = previousManifest
        self.previousKeys = previousKeys
        self.staging = staging
        self.files = files
    }

    /// What writes the files: a value that many tasks can use at once (pages are rendered and written on
    /// every core); `record` then lists each file in order.
    package var store: OutputStore {
        OutputStore(
            outputFolder: outputFolder.path, staging: staging, previousManifest: previousManifest,
            previousKeys: previousKeys)
    }

    /// Writes one file; `relativePath` uses `/` and must stay inside the output folder.
    package mutating func write(_ data: Data, to relativePath: String) throws {
        try record(relativePath, changed: try store.write(data, to: relativePath))
    }

    /// Lists a page that `store` wrote, in the order the build produces them. A file that is not changed
    /// is linked from the previous build at `commit`.
    package mutating func record(_ page: PageName, changed: Bool, key: Fingerprint.Digest) throws {
        try files.addPage(page, changed: changed, key: key)
    }

    /// Lists another file; a later write of a path replaces the earlier one (a page replaced by a static
    /// file loses its render key).
    package mutating func record(_ relativePath: String, changed: Bool) throws {
        try files.add(relativePath, changed: changed)
    }

    package mutating func write(_ text: String, to relativePath: String) throws {
        try write(Data(text.utf8), to: relativePath)
    }

    /// Copies every regular file under `folder` (a site's `static/`) to the same relative path.
    /// - Parameter skipping: paths under `folder` that are not copied (originals of pictures that the build
    ///   published as variants).
    package mutating func copyTree(from folder: URL, into prefix: String = "", skipping: Set<String> = []) throws {
        guard let enumerator = fileManager.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return }
        var files: [(String, URL)] = []
        let root = folder.standardizedFileURL.path
        for case let file as URL in enumerator {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = file.standardizedFileURL.path
            guard path.hasPrefix(root + "/"), !skipping.contains(String(path.dropFirst(root.count + 1))) else {
                continue
            }
            files.append((prefix + path.dropFirst(root.count + 1), file))
        }
        for (relativePath, file) in files.sorted(by: { $0.0 < $1.0 }) {
            try write(try Data(contentsOf: file), to: relativePath)
        }
    }

    /// What a commit did.
    package struct Publication: Sendable {
        /// Whether the build changed nothing and the output folder was left as it was.
        package var leftUnchanged: Bool
        /// How many files the build has.
        package var fileCount: Int
        /// Files written anew because they are new or their bytes changed.
        package var changedFiles: Int
    }

    /// Writes the manifest, links the unchanged files, carries over files Scrollery did not write, and
    /// swaps the staging folder in; or, when the build changed nothing, removes the staging folder and
    /// leaves the output folder as it was. On failure the staging folder is removed and the output folder
    /// is as it was.
    package consuming func commit() throws -> Publication {
        var publication = Publication(leftUnchanged: false, fileCount: fileCount, changedFiles: changedFiles)
        do {
            if changedFiles == 0, files.count == previousManifest.count, files.keyCount == previousKeys.count,
                try sameFilesAndKeys(), !(clean && !foreignFiles(limit: 1).isEmpty)
            {
                publication.leftUnchanged = true
            } else {
                try publish()
                return publication
            }
        } catch {
            removeStaging()
            throw error
        }
        removeStaging()
        return publication
    }

    /// Removes the staging folder; the output folder is untouched.
    package consuming func discard() {
        removeStaging()
    }

    private func removeStaging() {
        files.closeLog()
        try? fileManager.removeItem(at: stagingFolder)
    }

    /// Links the unchanged files and writes the manifest and the keys (in one read of the page log), carries
    /// over, and exchanges the folders.
    private func publish() throws {
        try linkUnchangedFilesAndWriteLists()
        if !clean { try carryOverForeignFiles() }
        files.closeLog()
        do {
            if fileManager.fileExists(atPath: outputFolder.path) {
                _ = try OutputFolder.checkReplaceable(outputFolder)
                try OutputFolder.exchange(stagingFolder, with: outputFolder)
            } else {
                try fileManager.moveItem(at: stagingFolder, to: outputFolder)
            }
        } catch let error as OutputError {
            throw error
        } catch {
            throw OutputError(
                path: outputFolder.path,
                problem: "could not be replaced by the new build: \(error.localizedDescription)")
        }
    }

    /// Links each file that is the same as the previous build's into the staging folder, and writes the
    /// manifest (every file) and the render keys (every page's key), in one walk of the files.
    private func linkUnchangedFilesAndWriteLists() throws {
        let store = self.store
        var manifest = try OwnFile(named: OutputFolder.manifestName, in: stagingFolder)
        var keys: OwnFile?
        do {
            if files.keyCount > 0 { keys = try OwnFile(named: RenderKeys.fileName, in: stagingFolder) }
            try files.forEachFile { path, changed, key in
                if !changed { try store.linkPrevious(path) }
                try manifest.append { $0.append(contentsOf: path.utf8) }
                if let key {
                    try keys?.append { line in
                        key.appendHex(to: &line)
                        line.append(UInt8(ascii: " "))
                        line.append(contentsOf: path.utf8)
                    }
                }
            }
            try manifest.close()
            try keys?.close()
        } catch {
            manifest.abandon()
            keys?.abandon()
            throw error
        }
    }

    /// Whether every file is one of the previous build's, and every page has the key it had.
    private func sameFilesAndKeys() throws -> Bool {
        var same = true
        try files.forEachFile { path, _, key in
            same = same && previousManifest.contains(path) && (key == nil || previousKeys[path] == key)
        }
        return same
    }

    /// The regular files of the output folder that no Scrollery build wrote, at most `limit` of them.
    private func foreignFiles(limit: Int = .max) -> [String] {
        guard let enumerator = fileManager.enumerator(atPath: outputFolder.path) else { return [] }
        var found: [String] = []
        for case let path as String in enumerator
        where !OutputFolder.ownFiles.contains(path) && !previousManifest.contains(path) && !files.contains(path) {
            var isFolder: ObjCBool = false
            guard
                fileManager.fileExists(atPath: outputFolder.appendingPathComponent(path).path, isDirectory: &isFolder),
                !isFolder.boolValue
            else { continue }
            found.append(path)
            if found.count == limit { break }
        }
        return found
    }

    /// Links the files of the output folder that no Scrollery build wrote into the new build.
    private func carryOverForeignFiles() throws {
        for path in foreignFiles() {
            let source = outputFolder.appendingPathComponent(path)
            let target = stagingFolder.appendingPathComponent(path)
            try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if link(source.path, target.path) != 0 { try fileManager.copyItem(at: source, to: target) }
        }
    }
}

/// One of Scrollery's own files in the staging folder (the manifest, the render keys), which no manifest
/// lists, written a line at a time through a small buffer; a failure names the file.
private struct OwnFile {
    private let path: String
    private var lines: LineFile

    init(named name: String, in stagingFolder: URL) throws {
        path = try OutputStore.destination(name, in: stagingFolder.path)
        do {
            lines = try LineFile(path: path)
        } catch {
            throw OutputError(path: path, problem: "cannot be written: \(error.localizedDescription)")
        }
    }

    /// Adds the line `make` appends to the bytes it is given.
    mutating func append(_ make: (inout [UInt8]) -> Void) throws {
        do {
            try lines.appendLine(make)
        } catch {
            throw OutputError(path: path, problem: "cannot be written: \(error.localizedDescription)")
        }
    }

    mutating func close() throws {
        do {
            try lines.close()
        } catch {
            throw OutputError(path: path, problem: "cannot be written: \(error.localizedDescription)")
        }
    }

    /// Closes the file after a failure (the staging folder it is in is removed).
    mutating func abandon() {
        try? lines.close()
    }
}
