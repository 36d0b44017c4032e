import ScrolleryIO

/// The archive page, `sections/index.html`, written as the build streams: its head when the build starts,
/// each section when it is finished, its tail at the end. Nothing of it is held but the open file.
final class ArchiveFile {
    static let path = "sections/index.html"
    private let renderer: PageRenderer
    private let file: StagedTextFiles
    private let tail: String

    /// `nil` when the site has no sections.
    init?(enabled: Bool, renderer: PageRenderer, store: OutputStore) throws {
        guard enabled else { return nil }
        let shell = try renderer.archiveShell()
        self.renderer = renderer
        self.tail = shell.tail
        store.makeFolders(for: [Self.path])
        file = StagedTextFiles(store: store)
        try file.start(Self.path)
        try append(shell.head)
    }

    func add(_ entries: [SectionTracker.Entry]) throws {
        for entry in entries { try append(try renderer.archiveEntry(entry)) }
    }

    /// Writes the tail and closes the file.
    /// - Returns: the file and whether it changed since the previous build.
    func finish() throws -> (path: String, changed: Bool) {
        try append(tail.hasPrefix("\n") ? String(tail.dropFirst()) : tail)
        try file.finish()
        return file.finished.last ?? (Self.path, true)
    }

    /// A block of lines: `append` ends each with a line feed, so the block's own last one is left out.
    private func append(_ text: String) throws {
        guard !text.isEmpty else { return }
        try file.append(text.hasSuffix("\n") ? String(text.dropLast()) : text)
    }
}
