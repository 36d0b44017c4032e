package import Foundation

/// A uniquely named folder under the system's temporary directory, removed by `remove()`.
package struct ScratchFolder {
    package let url: URL

    package init() throws {
        let name = "scrollery-tests-\(UUID().uuidString)"
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to `relativePath` (creating folders) and returns the file's URL.
    @discardableResult
    package func write(_ text: String, to relativePath: String) throws -> URL {
        try write(Data(text.utf8), to: relativePath)
    }

    /// Writes `data` to `relativePath` (creating folders) and returns the file's URL.
    @discardableResult
    package func write(_ data: Data, to relativePath: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    /// Every file and folder under the folder, as sorted relative paths.
    package func allPaths() -> [String] {
        let root = url.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var paths: [String] = []
        while let next = enumerator.nextObject() as? String { paths.append(next) }
        return paths.sorted()
    }

    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Runs `body` with a fresh temporary folder and removes the folder afterwards, even when `body` throws.
package func withScratchFolder<T>(_ body: (ScratchFolder) async throws -> T) async throws -> T {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    return try await body(folder)
}

/// Synchronous variant of `withScratchFolder`.
package func withScratchFolderSync<T>(_ body: (ScratchFolder) throws -> T) throws -> T {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    return try body(folder)
}
