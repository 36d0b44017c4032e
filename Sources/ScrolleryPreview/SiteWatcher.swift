import Logging

/// Watches the site's folders for changes: with the kernel's change notification (inotify) on Linux,
/// by polling elsewhere, when polling is asked for, or when inotify cannot be used (then it says why).
struct SiteWatcher: Sendable {
    let paths: WatchedPaths
    let method: PreviewWatchMethod
    /// How often the polling fallback scans.
    let pollInterval: Duration
    let logger: Logger
    /// The most inotify watches used before falling back to polling (the kernel has its own limit).
    var inotifyWatchLimit = Int.max

    /// Signals every change to `signal` until the task is cancelled; calls `armed` once changes from then
    /// on are seen (every folder watched, or the polling's first scan taken).
    func run(signal: ChangeSignal, armed: @escaping @Sendable () async -> Void = {}) async {
        #if canImport(Glibc)
            if method == .automatic {
                do {
                    let watcher = try InotifyWatcher(paths: paths, signal: signal, limit: inotifyWatchLimit)
                    await armed()
                    try await watcher.run()
                    return
                } catch {
                    logger.warning(
                        "Cannot watch the site with inotify: \(error). Polling it every \(pollInterval) instead.")
                    // Changes may have happened while inotify stopped watching.
                    signal.changed()
                }
            }
        #endif
        await PollingWatcher(paths: paths).run(every: pollInterval, signal: signal, armed: armed)
    }
}
