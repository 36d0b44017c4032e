import Foundation

/// Writes a build into a staging folder beside the output folder and swaps it in only at the end, so a
/// failed or interrupted build leaves the previous site exactly as it was.
///
/// Every path is checked to stay inside the staging folder. The list of files written is kept in a
/// manifest, which also marks the folder as Scrollery's own: a folder without one is never replaced.
struct OutputWriter {
    static let manifestName = ".scrollery-manifest"

    let outputFolder: URL
    let stagingFolder: URL
    private(set) var writtenFiles: [String] = []
    private let fileManager = FileManager.default

    init(outputFolder: URL) throws {
        self.outputFolder = outputFolder
        let parent = outputFolder.deletingLastPathComponent()
        stagingFolder = parent.appendingPathComponent(
            ".\(outputFolder.lastPathComponent).staging-\(ProcessInfo.processInfo.processIdentifier)")
        try Self.checkReplaceable(outputFolder)
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
            if fileManager.fileExists(atPath: stagingFolder.path) { try fileManager.removeItem(at: stagingFolder) }
            try fileManager.createDirectory(at: stagingFolder, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: stagingFolder.path, problem: "cannot be created: \(error.localizedDescription)")
        }
    }

    /// Refuses to replace a non-empty folder that Scrollery did not write.
    static func checkReplaceable(_ folder: URL) throws {
        let fileManager = FileManager.default
        guard let contents = try? fileManager.contentsOfDirectory(atPath: folder.path), !contents.isEmpty else {
            if fileManager.fileExists(atPath: folder.path),
                (try? fileManager.contentsOfDirectory(atPath: folder.path)) == nil
            {
                throw OutputError(path: folder.path, problem: "exists and is not a folder; choose another output.")
            }
            return
        }
        guard contents.contains(manifestName) else {
            throw OutputError(
                path: folder.path,
                problem: "exists, is not empty and was not written by Scrollery, so a build will not replace it. "
                    + "Remove it, or choose another folder with `output:` or `--output`.")
        }
    }

    /// Writes one file; `relativePath` uses `/` and must stay inside the output folder.
    mutating func write(_ data: Data, to relativePath: String) throws {
        let file = try destination(relativePath)
        do {
            try fileManager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        } catch {
            throw OutputError(path: file.path, problem: "cannot be written: \(error.localizedDescription)")
        }
        writtenFiles.append(relativePath)
    }

    mutating func write(_ text: String, to relativePath: String) throws {
        try write(Data(text.utf8), to: relativePath)
    }

    /// Copies every regular file under `folder` (a site's `static/`) to the same relative path.
    mutating func copyTree(from folder: URL, into prefix: String = "") throws {
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

    /// Writes the manifest and swaps the staging folder in place of the output folder.
    mutating func commit() throws {
        let manifest = Set(writtenFiles).sorted().joined(separator: "\n") + "\n"
        try write(manifest, to: Self.manifestName)
        let previous = outputFolder.deletingLastPathComponent().appendingPathComponent(
            ".\(outputFolder.lastPathComponent).previous-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try Self.checkReplaceable(outputFolder)
            let hadOutput = fileManager.fileExists(atPath: outputFolder.path)
            if hadOutput { try fileManager.moveItem(at: outputFolder, to: previous) }
            do {
                try fileManager.moveItem(at: stagingFolder, to: outputFolder)
            } catch {
                if hadOutput { try? fileManager.moveItem(at: previous, to: outputFolder) }
                throw error
            }
            if hadOutput { try? fileManager.removeItem(at: previous) }
        } catch let error as OutputError {
            throw error
        } catch {
            throw OutputError(
                path: outputFolder.path,
                problem: "could not be replaced by the new build: \(error.localizedDescription)")
        }
    }

    /// Removes the staging folder; the output folder is untouched.
    func discard() {
        try? fileManager.removeItem(at: stagingFolder)
    }

    private func destination(_ relativePath: String) throws -> URL {
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard !components.isEmpty,
            components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") })
        else {
            throw OutputError(path: relativePath, problem: "is not a safe path inside the output folder.")
        }
        return stagingFolder.appendingPathComponent(relativePath)
    }
}

/// A file or folder of the output that could not be written.
struct OutputError: Error, Sendable, CustomStringConvertible {
    let path: String
    let problem: String
    var description: String { "\(path) \(problem)" }
}
