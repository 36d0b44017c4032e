import Synchronization

/// Counts the changes a watcher saw and wakes whoever waits for them: the count tells whether anything
/// changed since a moment (while changes settle, or during a rebuild), the stream wakes the waiter
/// without it polling.
final class ChangeSignal: Sendable {
    private let count = Mutex(0)
    private let continuation: AsyncStream<Void>.Continuation
    /// Yields after changes; several changes before the waiter looks are one wake-up.
    let wakeUps: AsyncStream<Void>

    init() {
        (wakeUps, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Something changed.
    func changed() {
        count.withLock { $0 += 1 }
        continuation.yield()
    }

    /// How many changes were seen so far.
    var changes: Int { count.withLock { $0 } }
}
