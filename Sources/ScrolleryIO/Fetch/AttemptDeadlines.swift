import Synchronization

/// Cuts off work that runs past its deadline, with one watcher for all of it: the watcher sleeps until the
/// earliest deadline, so a request costs a lock and a table entry, not a timer and a task of its own.
package final class AttemptDeadlines: Sendable {
    private struct Entry {
        let deadline: ContinuousClock.Instant
        let expire: @Sendable () -> Void
    }

    private struct State {
        var nextID = 0
        var live: [Int: Entry] = [:]
        /// The running watcher, the deadline it sleeps until, and its number (a replaced watcher that woke
        /// anyway sees another number and stops).
        var watcher: (task: Task<Void, Never>, until: ContinuousClock.Instant, number: Int)?
        var watchers = 0
    }

    private let state = Mutex(State())

    package init() {}

    /// Runs `operation` and cancels it if it is still running `timeout` from now: the result is `nil` when
    /// it was cut off before it finished, or finished because it was cut off. Cancelling the calling task
    /// cancels the operation.
    /// - Parameter completed: whether a result stands when the deadline passed as it finished (a response
    ///   that came in time, not an error the cancellation caused).
    package func run<Result: Sendable>(
        within timeout: Duration, completed: @escaping @Sendable (Result) -> Bool,
        _ operation: @escaping @Sendable () async -> Result
    ) async -> Result? {
        let task = Task { await operation() }
        let expired = Mutex(false)
        let id = register(deadline: .now + timeout) {
            expired.withLock { $0 = true }
            task.cancel()
        }
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        state.withLock { _ = $0.live.removeValue(forKey: id) }
        return expired.withLock { $0 } && !completed(result) ? nil : result
    }

    private func register(deadline: ContinuousClock.Instant, expire: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.live[id] = Entry(deadline: deadline, expire: expire)
            if let watcher = state.watcher {
                // The watcher wakes in time for this one; deadlines come in order when every timeout is the same.
                guard deadline < watcher.until else { return id }
                watcher.task.cancel()
            }
            state.watchers += 1
            let number = state.watchers
            state.watcher = (Task { [self] in await watch(until: deadline, number: number) }, deadline, number)
            return id
        }
    }

    /// Sleeps until `until`, expires what is due, and goes on until nothing is left to watch.
    private func watch(until first: ContinuousClock.Instant, number: Int) async {
        var until = first
        while true {
            do {
                try await Task.sleep(until: until, clock: .continuous)
            } catch {
                return  // Replaced by a watcher that wakes earlier.
            }
            let now = ContinuousClock.now
            let (due, next): ([Entry], ContinuousClock.Instant?) = state.withLock { state in
                guard let watcher = state.watcher, watcher.number == number else { return ([], nil) }
                let due = state.live.filter { $0.value.deadline <= now }
                for id in due.keys { state.live.removeValue(forKey: id) }
                let next = state.live.values.map(\.deadline).min()
                state.watcher = next.map { (watcher.task, $0, number) }
                return (Array(due.values), next)
            }
            for entry in due { entry.expire() }
            guard let next else { return }
            until = next
        }
    }
}
