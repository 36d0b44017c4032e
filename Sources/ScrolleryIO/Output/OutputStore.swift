package import Foundation
package import ScrolleryCore

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
            try Self.checkInside(relativePath)
            return false
        }
        return try write(render(), to: relativePath)
    }

    /// Writes one file; `relativePath` uses `/` and must stay inside the output folder.
    /// - Returns: whether the file is new or its bytes changed (else the previous build's file is kept).
    package func write(_ data: some ContiguousBytes, to relativePath: String) throws -> Bool {
        try Self.checkInside(relativePath)
        do {
            // Unchanged: the previous build's file (and its modification time) is kept.
            if previousManifest.contains(relativePath), Self.sameBytes(data, at: outputFolder + "/" + relativePath) {
                return false
            }
            try create(relativePath, with: data)
            return true
        } catch {
            throw OutputError(
                path: stagingFolder + "/" + relativePath, problem: "cannot be written: \(error.localizedDescription)")
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
        try checkInside(relativePath)
        return folder + "/" + relativePath
    }

    /// Throws unless `relativePath` stays inside the folder it is taken in (`RelativePath.staysInside`).
    package static func checkInside(_ relativePath: String) throws {
        guard RelativePath.staysInside(relativePath) else {
            throw OutputError(path: relativePath, problem: "is not a safe path inside the output folder.")
        }
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
            guard RelativePath.staysInside(relativePath) else { continue }
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
