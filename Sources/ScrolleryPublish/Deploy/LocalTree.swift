import Crypto
import Foundation
import ScrolleryCore

/// The files of an output folder as a stream in S3 key order (UTF-8 byte order of the whole path), each
/// with its size and MD5, read in chunks: only one listing per folder depth and one chunk are held at a
/// time. A folder sorts as `name/`, which is where its files' keys fall. Symbolic links and other
/// non-regular files stop the walk: a link could publish a file from outside the folder.
package final class LocalTree: Sequence {
    package let root: String
    /// The first problem met; the stream ends there, so a plan made from it must not be used.
    package private(set) var failure: LocalTreeError?

    /// The rules each file's headers come from, for its `headers` digest; nil leaves it empty.
    let headerRules: [HeaderRule]?

    package init(root: String, headerRules: [HeaderRule]? = nil) {
        self.root = root.hasSuffix("/") ? String(root.dropLast()) : root
        self.headerRules = headerRules
    }

    package func makeIterator() -> Iterator { Iterator(tree: self) }

    package struct Iterator: IteratorProtocol {
        let tree: LocalTree
        /// For each open folder: its path under the root ("" or ending in `/`), its entries in key order
        /// (folders with a `/` at the end), and the next entry's index.
        var stack: [(folder: String, entries: [String], next: Int)] = []
        var started = false

        init(tree: LocalTree) {
            self.tree = tree
        }

        package mutating func next() -> LocalFile? {
            guard tree.failure == nil else { return nil }
            do throws(LocalTreeError) {
                if !started {
                    started = true
                    stack.append(("", try tree.entries(of: ""), 0))
                }
                while var top = stack.popLast() {
                    guard top.next < top.entries.count else { continue }
                    let entry = top.entries[top.next]
                    top.next += 1
                    stack.append(top)
                    let path = top.folder + entry
                    if entry.hasSuffix("/") {
                        stack.append((path, try tree.entries(of: path), 0))
                    } else {
                        return try tree.file(path)
                    }
                }
            } catch {
                tree.failure = error
            }
            return nil
        }
    }

    /// The entries of the folder at `relative` ("" or ending in `/`), folders marked with a trailing `/`,
    /// sorted by their UTF-8 bytes.
    func entries(of relative: String) throws(LocalTreeError) -> [String] {
        let folder = root + "/" + relative
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw LocalTreeError(path: folder, problem: "cannot be listed (\(error.localizedDescription))")
        }
        var entries: [String] = []
        entries.reserveCapacity(names.count)
        for name in names {
            var info = stat()
            guard lstat(folder + name, &info) == 0 else {
                throw LocalTreeError(path: folder + name, problem: "cannot be read (errno \(errno))")
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: entries.append(name + "/")
            case S_IFREG: entries.append(name)
            case S_IFLNK:
                throw LocalTreeError(
                    path: folder + name, problem: "is a symbolic link, which Scrollery does not write or publish")
            default:
                throw LocalTreeError(path: folder + name, problem: "is not a regular file or a folder")
            }
        }
        return entries.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The file at `relative`: its size and MD5, read in chunks of 256 KiB.
    func file(_ relative: String) throws(LocalTreeError) -> LocalFile {
        let path = root + "/" + relative
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LocalTreeError(path: path, problem: "cannot be opened")
        }
        defer { try? handle.close() }
        var md5 = Insecure.MD5()
        var size: Int64 = 0
        do {
            while let chunk = try handle.read(upToCount: 256 << 10), !chunk.isEmpty {
                md5.update(data: chunk)
                size += Int64(chunk.count)
            }
        } catch {
            throw LocalTreeError(path: path, problem: "cannot be read (\(error.localizedDescription))")
        }
        return LocalFile(
            path: relative, size: size, md5: Hex.lowercase(md5.finalize()),
            headers: headerRules.map { UploadHeaders(path: relative, rules: $0).digest } ?? "",
            firstVersionHeaders: headerRules.map { UploadHeaders(path: relative, rules: $0, firstVersion: true).digest }
        )
    }
}

/// A file or folder of the output folder that cannot be published.
package struct LocalTreeError: ScrolleryError, Sendable, Equatable {
    package let path: String
    package let problem: String

    package var description: String { "\(path) \(problem). Build the site again, or remove it." }
}

extension LocalTreeError {
    package var place: String { path }
    package var fix: String { "Build the site again, or remove it." }
}
