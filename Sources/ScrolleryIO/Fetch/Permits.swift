import Synchronization

/// A counting semaphore for async code, per key: at most `limit` holders of each key at once (a host's
/// requests, a build's details, its picture jobs), the others waiting their turn in the order they came.
/// A permit is held only inside `withPermit`; a waiter whose task is cancelled stops waiting.
///
/// A lock, not an actor: taking a free permit and giving one back do not suspend, so a build's thousands
/// of requests do not each hop to the semaphore's executor and back.
package final class Permits: Sendable {
    package let limit: Int
    private let state = Mutex(State())

    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State: ~Copyable {
        var held: [String: Int] = [:]
        var waiting: [String: [Waiter]] = [:]
        var nextID = 0

        /// Takes a permit if one is free.
        mutating func take(_ key: String, limit: Int) -> Bool {
            guard held[key, default: 0] < limit else { return false }
            held[key, default: 0] += 1
            return true
        }
    }

    /// - Parameter limit: holders of a key at once; at least one.
    package init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `body` holding a permit of `key`, waiting for one first if all are held.
    /// - Throws: `CancellationError` when the task is cancelled while it waits (`body` then does not run),
    ///   or what `body` throws.
    package func withPermit<Value>(for key: String = "", _ body: () async throws -> Value) async throws -> Value {
        try await acquire(key)
        defer { release(key) }
        return try await body()
    }

    /// How many wait for a permit of `key` now.
    package func waiting(_ key: String = "") -> Int {
        state.withLock { $0.waiting[key]?.count ?? 0 }
    }

    private func acquire(_ key: String) async throws {
        if state.withLock({ $0.take(key, limit: limit) }) { return }
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // A permit given back since the first look is taken now; otherwise `release` hands one over,
                // so the count stays at the limit. A task cancelled before it got here does not wait.
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.take(key, limit: limit) { return .success(()) }
                    state.waiting[key, default: []].append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiting[key]?.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiting[key]?.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    private func release(_ key: String) {
        let next = state.withLock { state -> Waiter? in
            // Taken from the queue where it is (a copy of the queue would copy every waiter).
            if state.waiting[key]?.isEmpty == false, let next = state.waiting[key]?.removeFirst() {
                if state.waiting[key]?.isEmpty == true { state.waiting[key] = nil }
                return next
            }
            state.held[key, default: 1] -= 1
            return nil
        }
        next?.continuation.resume()
    }
}
