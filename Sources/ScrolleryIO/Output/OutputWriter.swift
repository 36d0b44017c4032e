import CRenameExchange
package import Foundation
package import ScrolleryCore

/// Writes a build into a staging folder beside the output folder and swaps the two atomically at the
/// end, so a failed, interrupted or killed build leaves the previous site exactly as it was.
///
/// A file whose bytes did not change is hard-linked from the previous build instead of written, so it
/// keeps its modification time and upload steps skip it. The links are made at `commit`, and only if
/// something changed: a build that changes nothing leaves the output folder as it was, untouched. Files of the previous build that this one does
/// not produce are gone after the swap; files in the output folder that Scrollery never wrote (not in its
/// manifest) are carried over, unless `clean` is set. Every path is checked to stay inside the folder.
package struct OutputWriter {
    package static let manifestName = ".scrollery-manifest"

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
    /// Whether `commit` found nothing to change and left the output folder as it was.
    package private(set) var leftUnchanged = false
    private let fileManager = FileManager.default

    /// - Parameters:
    ///   - outputFolder: the configured output folder; a symbolic link to a folder is published through
    ///     (its target is what the build exchanges), never replaced by a folder of its own.
    ///   - clean: whether files Scrollery did not write are left out.
    package init(outputFolder requested: URL, clean: Bool = false) throws {
        let outputFolder = try Self.publishedFolder(requested)
        self.outputFolder = outputFolder
        self.clean = clean
        let parent = outputFolder.deletingLastPathComponent()
        Self.removeLeftovers(of: outputFolder)
        stagingFolder = parent.appendingPathComponent(
            ".\(outputFolder.lastPathComponent).staging-\(ProcessInfo.processInfo.processIdentifier)-"
                + UUID().uuidString.prefix(8))
        previousManifest = try Self.checkReplaceable(outputFolder)
        previousKeys = RenderKeys.load(from: outputFolder)
        do {
            try fileManager.createDirectory(at: stagingFolder, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: stagingFolder.path, problem: "cannot be created: \(error.localizedDescription)")
        }
        do {
            staging = try OpenFolder(stagingFolder.path)
            files = try WrittenFiles(in: staging)
        } catch {
            try? FileManager.default.removeItem(at: stagingFolder)
            if let error = error as? OutputError { throw error }
            throw OutputError(path: stagingFolder.path, problem: "cannot be opened: \(error.localizedDescription)")
        }
    }

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
    package mutating func copyTree(from folder: URL, into prefix: String = "") throws {
        guard let enumerator = fileManager.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return }
        var files: [(String, URL)] = []
        let root = folder.standardizedFileURL.path
        for case let file as URL in enumerator {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = file.standardizedFileURL.path
            guard path.hasPrefix(root + "/") else { continue }
            files.append((prefix + path.dropFirst(root.count + 1), file))
        }
        for (relativePath, file) in files.sorted(by: { $0.0 < $1.0 }) {
            try write(try Data(contentsOf: file), to: relativePath)
        }
    }

    /// Writes the manifest, links the unchanged files, carries over files Scrollery did not write, and
    /// swaps the staging folder in; or, when the build changed nothing, removes the staging folder and
    /// leaves the output folder as it was.
    package mutating func commit() throws {
        if changedFiles == 0, files.count == previousManifest.count, files.keyCount == previousKeys.count,
            try sameFilesAndKeys(), !(clean && !foreignFiles(limit: 1).isEmpty)
        {
            discard()
            leftUnchanged = true
            return
        }
        try linkUnchangedFiles()
        if !clean { try carryOverForeignFiles() }
        if files.keyCount > 0 {
            try writeOwnFile(named: RenderKeys.fileName) { line in
                try files.forEachKey { path, key in try line(key.hex + " " + path) }
            }
        }
        try writeOwnFile(named: Self.manifestName) { line in
            try files.forEachPath { path, _ in try line(path) }
        }
        files.closeLog()
        do {
            if fileManager.fileExists(atPath: outputFolder.path) {
                _ = try Self.checkReplaceable(outputFolder)
                try exchange()
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

    /// Removes the staging folder; the output folder is untouched.
    package func discard() {
        files.closeLog()
        try? fileManager.removeItem(at: stagingFolder)
    }

    /// Swaps staging and output in one step where the file system can, then removes the old build.
    private func exchange() throws {
        if scrollery_rename_exchange(stagingFolder.path, outputFolder.path) == 0 {
            try? fileManager.removeItem(at: stagingFolder)
            return
        }
        // No atomic exchange here: two renames, with the old build moved aside first.
        let previous = outputFolder.deletingLastPathComponent().appendingPathComponent(
            ".\(outputFolder.lastPathComponent).staging-\(ProcessInfo.processInfo.processIdentifier)-old")
        try fileManager.moveItem(at: outputFolder, to: previous)
        do {
            try fileManager.moveItem(at: stagingFolder, to: outputFolder)
        } catch {
            try? fileManager.moveItem(at: previous, to: outputFolder)
            throw error
        }
        try? fileManager.removeItem(at: previous)
    }

    /// Links each file that is the same as the previous build's into the staging folder.
    private func linkUnchangedFiles() throws {
        let store = self.store
        try files.forEachPath { path, changed in
            if !changed { try store.linkPrevious(path) }
        }
    }

    /// Whether every file is one of the previous build's, and every page has the key it had.
    private func sameFilesAndKeys() throws -> Bool {
        var same = true
        try files.forEachPath { path, _ in same = same && previousManifest.contains(path) }
        try files.forEachKey { path, key in same = same && previousKeys[path] == key }
        return same
    }

    /// The regular files of the output folder that no Scrollery build wrote, at most `limit` of them.
    private func foreignFiles(limit: Int = .max) -> [String] {
        guard let enumerator = fileManager.enumerator(atPath: outputFolder.path) else { return [] }
        var found: [String] = []
        for case let path as String in enumerator
        where !Self.ownFiles.contains(path) && !previousManifest.contains(path) && !files.contains(path) {
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

    /// Scrollery's own files beside the pages, which no manifest lists.
    package static let ownFiles: Set<String> = [manifestName, RenderKeys.fileName]

    /// Writes one of Scrollery's own files (the manifest, the render keys), which no manifest lists, a
    /// line at a time through a small buffer.
    private func writeOwnFile(named name: String, lines: ((String) throws -> Void) throws -> Void) throws {
        let file = try OutputStore.destination(name, in: stagingFolder.path)
        var writer: LineFile
        do {
            writer = try LineFile(path: file)
        } catch {
            throw OutputError(path: file, problem: "cannot be written: \(error.localizedDescription)")
        }
        do {
            try lines { try writer.append($0) }
            try writer.close()
        } catch let error as OutputError {
            try? writer.close()
            throw error
        } catch {
            try? writer.close()
            throw OutputError(path: file, problem: "cannot be written: \(error.localizedDescription)")
        }
    }
}

/// Writes files into the staging folder with plain system calls, from any number of tasks at once: each
/// file is created once (a path written twice replaces the first file, never writes through a link to the
/// previous build). A file whose bytes did not change is not written: `OutputWriter` links it from the
/// previous build at commit, if anything changed at all.
package struct OutputStore: Sendable {
    /// The output folder as a path: a page's path is joined as text, never through `URL` (which asks the
    /// file system whether each component is a folder).
    package let outputFolder: String
    /// The staging folder, open: files are made relative to it.
    package let staging: OpenFolder
    package let previousManifest: Set<String>
    package let previousKeys: [String: Fingerprint.Digest]

    package var stagingFolder: String { staging.path }

    /// Writes a page unless its render key matches the previous build's and the previous file is still
    /// there: then `render` is never called.
    /// - Returns: whether the file is new or its bytes changed (else the previous build's file is kept).
    package func write(key: Fingerprint.Digest, to relativePath: String, render: () throws -> [UInt8]) throws -> Bool {
        if previousKeys[relativePath] == key, previousManifest.contains(relativePath),
            access(outputFolder + "/" + relativePath, F_OK) == 0
        {
            _ = try Self.destination(relativePath, in: stagingFolder)
            return false
        }
        return try write(render(), to: relativePath)
    }

    /// Writes one file; `relativePath` uses `/` and must stay inside the output folder.
    /// - Returns: whether the file is new or its bytes changed (else the previous build's file is kept).
    package func write(_ data: some ContiguousBytes, to relativePath: String) throws -> Bool {
        let file = try Self.destination(relativePath, in: stagingFolder)
        do {
            // Unchanged: the previous build's file (and its modification time) is kept.
            if previousManifest.contains(relativePath), Self.sameBytes(data, at: outputFolder + "/" + relativePath) {
                return false
            }
            try create(relativePath, with: data)
            return true
        } catch {
            throw OutputError(path: file, problem: "cannot be written: \(error.localizedDescription)")
        }
    }

    /// Links the previous build's file at `relativePath` into the staging folder (replacing a file there).
    package func linkPrevious(_ relativePath: String) throws {
        let file = try Self.destination(relativePath, in: stagingFolder)
        let previous = outputFolder + "/" + relativePath
        do {
            try makeParent(of: relativePath)
        } catch {
            throw OutputError(path: file, problem: "cannot be written: \(error.localizedDescription)")
        }
        if replace(relativePath, with: { linkat(AT_FDCWD, previous, staging.descriptor, relativePath, 0) }) { return }
        let failure = errno
        // A file system without hard links (or at its link limit): copy the previous file instead.
        if failure != ENOENT, let data = FileManager.default.contents(atPath: previous) {
            do {
                try create(relativePath, with: data)
                return
            } catch {
                throw OutputError(path: file, problem: "cannot be written: \(error.localizedDescription)")
            }
        }
        throw OutputError(
            path: previous,
            problem: "was unchanged but could not be kept (\(String(cString: strerror(failure)))). "
                + "Something else changed the output folder during the build: build again.")
    }

    /// The path of `relativePath` inside `folder`, once it is checked to stay there.
    package static func destination(_ relativePath: String, in folder: String) throws -> String {
        let components = relativePath.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard
            components.allSatisfy({
                !$0.isEmpty && !$0.elementsEqual(".".utf8) && !$0.elementsEqual("..".utf8) && !$0.contains(0)
            })
        else {
            throw OutputError(path: relativePath, problem: "is not a safe path inside the output folder.")
        }
        return folder + "/" + relativePath
    }

    /// Makes the folders that new files at `relativePaths` go in, one after another.
    ///
    /// The pages of a gallery share one parent folder (`items/`), and making a folder in it takes that
    /// folder's lock: one task making the folders ahead spares the tasks that render and write pages from
    /// waiting on each other for it. A folder that cannot be made here is made, or its failure reported,
    /// when its file is written. Files of the previous build are skipped: those are often kept as they
    /// were (linked at commit), and a folder made for nothing would only be removed again.
    /// Folders are made inside the open staging folder only: once a failed build has removed it, this
    /// makes nothing.
    package func makeFolders(for relativePaths: [String]) {
        for relativePath in relativePaths where !previousManifest.contains(relativePath) {
            guard !Task.isCancelled else { return }
            guard (try? Self.destination(relativePath, in: stagingFolder)) != nil else { continue }
            _ = makeParentFolders(of: relativePath)
        }
    }

    /// Makes the folder that `relativePath` goes in, and the folders above it that are missing.
    private func makeParent(of relativePath: String) throws {
        let failure = makeParentFolders(of: relativePath)
        guard failure == 0 else { throw POSIXFailure(errno: failure) }
    }

    /// One `mkdirat` for the usual case (the folder above exists); each missing folder from the top
    /// otherwise. - Returns: 0, or the error that stopped it.
    private func makeParentFolders(of relativePath: String) -> Int32 {
        guard let slash = relativePath.utf8.lastIndex(of: UInt8(ascii: "/")) else { return 0 }
        let parent = relativePath[..<slash]
        if mkdirat(staging.descriptor, String(parent), 0o777) == 0 || errno == EEXIST { return 0 }
        guard errno == ENOENT else { return errno }
        var folder = ""
        for name in parent.split(separator: "/") {
            folder += folder.isEmpty ? String(name) : "/" + name
            guard mkdirat(staging.descriptor, folder, 0o777) == 0 || errno == EEXIST else { return errno }
        }
        return 0
    }

    /// Makes the file with `make`; if something is already at its path, removes it and makes it again.
    private func replace(_ relativePath: String, with make: () -> Int32) -> Bool {
        if make() == 0 { return true }
        guard errno == EEXIST, unlinkat(staging.descriptor, relativePath, 0) == 0 else { return false }
        return make() == 0
    }

    /// Starts a new file at `relativePath` (which must stay inside the output folder), to be written a line
    /// at a time and then handed to `finish`.
    package func startLineFile(_ relativePath: String) throws -> LineFile {
        let file = try Self.destination(relativePath, in: stagingFolder)
        do {
            return LineFile(descriptor: try create(relativePath))
        } catch {
            throw OutputError(path: file, problem: "cannot be written: \(error.localizedDescription)")
        }
    }

    /// Writes the rest of a file from `startLineFile` and closes it.
    /// - Returns: whether the file is new or its bytes changed (else the previous build's file is kept).
    package func finish(_ lines: inout LineFile, at relativePath: String) throws -> Bool {
        let file = stagingFolder + "/" + relativePath
        do {
            try lines.close()
        } catch {
            throw OutputError(path: file, problem: "cannot be written: \(error.localizedDescription)")
        }
        guard previousManifest.contains(relativePath), Self.sameBytes(file, outputFolder + "/" + relativePath)
        else { return true }
        // Unchanged: the previous build's file (and its modification time) is kept.
        remove(relativePath)
        return false
    }

    /// Removes a file of this build from the staging folder, if it is there.
    package func remove(_ relativePath: String) {
        unlinkat(staging.descriptor, relativePath, 0)
    }

    /// Creates the file and writes `data` into it.
    private func create(_ relativePath: String, with data: some ContiguousBytes) throws {
        let descriptor = try create(relativePath)
        defer { close(descriptor) }
        try data.withUnsafeBytes { try POSIXFailure.writeAll($0, to: descriptor) }
    }

    /// Creates the file, and its folder when that is not there yet (usually `makeFolders` made it).
    /// - Returns: the new file, open for writing.
    private func create(_ relativePath: String) throws -> Int32 {
        var descriptor: Int32 = -1
        func makeFile() -> Int32 {
            descriptor = openat(staging.descriptor, relativePath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            return descriptor >= 0 ? 0 : -1
        }
        var created = replace(relativePath, with: makeFile)
        if !created, errno == ENOENT {
            try makeParent(of: relativePath)
            created = replace(relativePath, with: makeFile)
        }
        guard created else { throw POSIXFailure(errno: errno) }
        return descriptor
    }

    /// Whether the files at two paths hold the same bytes, compared 64 KiB at a time.
    private static func sameBytes(_ path: String, _ otherPath: String) -> Bool {
        let first = open(path, O_RDONLY | O_CLOEXEC)
        guard first >= 0 else { return false }
        defer { close(first) }
        let second = open(otherPath, O_RDONLY | O_CLOEXEC)
        guard second >= 0 else { return false }
        defer { close(second) }
        var firstInfo = stat()
        var secondInfo = stat()
        guard fstat(first, &firstInfo) == 0, fstat(second, &secondInfo) == 0, firstInfo.st_size == secondInfo.st_size
        else { return false }
        let size = 64 * 1024
        var one = [UInt8](repeating: 0, count: size)
        var other = [UInt8](repeating: 0, count: size)
        while true {
            let count = one.withUnsafeMutableBytes { read(first, $0.baseAddress, size) }
            guard count >= 0 else { return false }
            guard count > 0 else { return read(second, &other, 1) == 0 }
            var filled = 0
            while filled < count {
                let more = other.withUnsafeMutableBytes {
                    read(second, $0.baseAddress.map { $0 + filled }, count - filled)
                }
                guard more > 0 else { return false }
                filled += more
            }
            guard memcmp(one, other, count) == 0 else { return false }
        }
    }

    private static func sameBytes(_ data: some ContiguousBytes, at path: String) -> Bool {
        var info = stat()
        let count = data.withUnsafeBytes(\.count)
        guard stat(path, &info) == 0, Int(info.st_size) == count,
            let previous = FileManager.default.contents(atPath: path), previous.count == count
        else { return false }
        return previous.withUnsafeBytes { old in
            data.withUnsafeBytes { new in
                guard let old = old.baseAddress, let new = new.baseAddress else { return count == 0 }
                return memcmp(old, new, count) == 0
            }
        }
    }
}

/// A file or folder of the output that could not be written.
package struct OutputError: Error, Sendable, CustomStringConvertible {
    package init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    package let path: String
    package let problem: String
    package var description: String { "\(path) \(problem)" }
}
