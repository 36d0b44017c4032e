/// Text files made a line at a time in the staging folder (the sitemaps), each compared with the previous
/// build's when it is finished, as `OutputStore.write` does for a file written whole.
final class StagedTextFiles: TextFileSink {
    let store: OutputStore
    /// The files finished so far, in order, and whether each is new or changed.
    private(set) var finished: [(path: String, changed: Bool)] = []
    private var current: (path: String, lines: LineFile)?

    init(store: OutputStore) {
        self.store = store
    }

    /// A file left unfinished (the build failed while making it) is closed, not listed.
    deinit {
        try? current?.lines.close()
    }

    func start(_ name: String) throws {
        try? current?.lines.close()
        current = nil
        current = (name, try store.startLineFile(name))
    }

    func append(_ line: String) throws {
        do {
            try current?.lines.append(line)
        } catch {
            throw OutputError(
                path: store.stagingFolder + "/" + (current?.path ?? ""),
                problem: "cannot be written: \(error.localizedDescription)")
        }
    }

    func finish() throws {
        guard var file = current else { return }
        current = nil
        finished.append((file.path, try store.finish(&file.lines, at: file.path)))
    }
}
