import ScrolleryCore
import Synchronization

/// Virtual time for tests: a wait returns at once, moves the clock on by its duration and is recorded, so a
/// test sees every wait a retry made, exactly, without spending it.
package final class VirtualClock: WaitClock {
    private let state = Mutex<(elapsed: Duration, waits: [Duration])>((.zero, []))

    package init() {}

    package var elapsed: Duration { state.withLock { $0.elapsed } }

    /// Every wait asked for, in order.
    package var waits: [Duration] { state.withLock { $0.waits } }

    package func wait(_ duration: Duration) async throws {
        try Task.checkCancellation()
        state.withLock {
            $0.elapsed += duration
            $0.waits.append(duration)
        }
        await Task.yield()
    }
}
