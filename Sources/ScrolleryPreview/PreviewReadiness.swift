import Foundation

/// When the preview is ready: the server listens and the watcher sees changes. It tells `onReady` once,
/// when the later of the two happens, so that a change made as soon as the preview says it is ready
/// starts a rebuild.
actor PreviewReadiness {
    private let onReady: @Sendable (URL) async -> Void
    private var url: URL?
    private var watching = false
    private var told = false

    init(onReady: @escaping @Sendable (URL) async -> Void) {
        self.onReady = onReady
    }

    /// The server listens at `url`.
    func listening(at url: URL) async {
        self.url = url
        await tellWhenBoth()
    }

    /// The watcher sees changes from now on.
    func watcherArmed() async {
        watching = true
        await tellWhenBoth()
    }

    private func tellWhenBoth() async {
        guard watching, let url, !told else { return }
        told = true
        await onReady(url)
    }
}
