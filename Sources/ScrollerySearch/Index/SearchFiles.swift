import Foundation
import ScrolleryIO

/// Where the search index's files go: written through the output store from the indexing task, and
/// listed for the build's output writer to record when the index is finished.
package struct SearchFiles: Sendable {
    /// A file written, and whether its bytes differ from the previous build's.
    package struct Written: Sendable {
        package let path: String
        package let changed: Bool
    }

    private let store: OutputStore
    private(set) var written: [Written] = []
    private var paths: Set<String> = []

    init(store: OutputStore) {
        self.store = store
    }

    /// Makes the folders the index's files are written into.
    func makeFolders(for paths: [String]) {
        store.makeFolders(for: paths)
    }

    /// Writes `bytes` at `path`. A path written before in this build is left alone: the index names its
    /// files by their bytes, so the same name holds the same bytes (two words found in the very same items).
    mutating func write(_ bytes: [UInt8], to path: String) throws {
        guard paths.insert(path).inserted else { return }
        written.append(Written(path: path, changed: try store.write(bytes, to: path)))
    }
}
