import ServiceLifecycle

/// Watches the site and rebuilds after changes settle: one rebuild at a time, and changes made during a
/// rebuild trigger one more.
struct WatchService: Service {
    let watcher: SiteWatcher
    let builder: PreviewBuilder
    let broadcaster: ReloadBroadcaster
    let debounce: Duration
    /// Called once the watcher sees changes.
    let armed: @Sendable () async -> Void

    func run() async throws {
        do {
            try await watch()
        } catch is CancellationError {
            // Shutting down.
        }
        await broadcaster.close()
    }

    private func watch() async throws {
        try await withGracefulShutdownHandler {
            try await cancelWhenGracefulShutdown {
                let signal = ChangeSignal()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { await watcher.run(signal: signal, armed: armed) }
                    group.addTask { try await rebuildOnChange(signal) }
                    try await group.next()
                    group.cancelAll()
                }
            }
        } onGracefulShutdown: {
            Task { await broadcaster.close() }
        }
    }

    /// Rebuilds once the changes `signal` counts stop for `debounce` (an editor saving several files, a
    /// formatter), until cancelled.
    private func rebuildOnChange(_ signal: ChangeSignal) async throws {
        var built = signal.changes
        var pathsBuilt = signal.pathsSeen
        for await _ in signal.wakeUps {
            var seen = signal.changes
            // A wake-up for changes a rebuild already included.
            guard seen != built else { continue }
            while true {
                try await Task.sleep(for: debounce)
                let now = signal.changes
                if now == seen { break }
                seen = now
            }
            built = seen
            let changed = signal.paths(after: pathsBuilt)
            pathsBuilt = signal.pathsSeen
            await builder.rebuild(after: changed)
        }
    }
}
