/// Text files made a line at a time in the staging folder (the sitemaps), each compared with the previous
/// build's when it is finished, as `OutputStore.write` does for a file written whole.
package final class StagedTextFiles: TextFileSink {
    package let store: OutputStore
    /// The files finished so far, in order, and whether each is new or changed.
    package private(set) var finished: [(path: String, changed: Bool)] = []
    private var current: (path: String, lines: LineFile)?

    package init(store: OutputStore) {
        self.store = store
    }

    /// A file left unfinished (the build failed while making it) is removed, not listed.
    deinit {
        abandonCurrent()
    }

    package func start(_ name: String) throws {
        abandonCurrent()
        current = (name, try store.startLineFile(name))
    }

    package func append(_ line: String) throws {
        try appendLine { $0.append(contentsOf: line.utf8) }
    }

    package func appendLine(_ make: (inout [UInt8]) -> Void) throws {
        do {
            try current?.lines.appendLine(make)
        } catch {
            throw OutputError(
                path: store.stagingFolder + "/" + (current?.path ?? ""),
                problem: "cannot be written: \(error.localizedDescription)")
        }
    }

    /// Closes and removes a file that was started and not finished.
    private func abandonCurrent() {
        guard var file = current else { return }
        current = nil
        try? file.lines.close()
        store.remove(file.path)
    }

    package func finish() throws {
        guard var file = current else { return }
        current = nil
        finished.append((file.path, try store.finish(&file.lines, at: file.path)))
    }
}
