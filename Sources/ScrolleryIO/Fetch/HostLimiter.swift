import Synchronization

/// Allows at most `limit` holders per key (per host for requests; one key for a build's details); the others
/// wait their turn in order.
///
/// A lock, not an actor: taking a free slot and giving one back do not suspend, so a build's thousands of
/// details do not each hop to the limiter's executor and back (and on to whichever thread is free).
package final class HostLimiter: Sendable {
    package let limit: Int
    private let state = Mutex(State())

    private struct State: ~Copyable {
        var inFlight: [String: Int] = [:]
        var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

        /// Takes a slot if one is free.
        mutating func take(_ host: String, limit: Int) -> Bool {
            guard inFlight[host, default: 0] < limit else { return false }
            inFlight[host, default: 0] += 1
            return true
        }
    }

    package init(limit: Int) {
        self.limit = max(1, limit)
    }

    package func acquire(_ host: String) async {
        if state.withLock({ $0.take(host, limit: limit) }) { return }
        await withCheckedContinuation { continuation in
            // A slot given back since the first look is taken now; otherwise `release` hands one over,
            // so the count stays at the limit.
            let taken = state.withLock { state in
                if state.take(host, limit: limit) { return true }
                state.waiting[host, default: []].append(continuation)
                return false
            }
            if taken { continuation.resume() }
        }
    }

    /// How many wait for a slot of `host` now.
    package func waiting(_ host: String) -> Int {
        state.withLock { $0.waiting[host]?.count ?? 0 }
    }

    package func release(_ host: String) {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if var queue = state.waiting[host], !queue.isEmpty {
                let next = queue.removeFirst()
                state.waiting[host] = queue
                return next
            }
            state.inFlight[host, default: 1] -= 1
            return nil
        }
        next?.resume()
    }
}
