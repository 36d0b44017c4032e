import Synchronization
import Testing

@testable import ScrolleryIO

/// At most `limit` holders per key at once; the others get their turn in the order they came.
@Suite("Host limiter")
struct HostLimiterTests {
    @Test("never more than the limit at once, and every waiter gets its turn")
    func limitHolds() async {
        let limiter = HostLimiter(limit: 3)
        let counts = Shared((now: 0, most: 0, done: 0))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<24 {
                group.addTask {
                    await limiter.acquire("example.org")
                    counts.withLock {
                        $0.now += 1
                        $0.most = max($0.most, $0.now)
                    }
                    try? await Task.sleep(for: .milliseconds(2))
                    counts.withLock {
                        $0.now -= 1
                        $0.done += 1
                    }
                    limiter.release("example.org")
                }
            }
        }
        let final = counts.withLock { $0 }
        #expect(final.most == 3)
        #expect(final.done == 24)
        #expect(limiter.waiting("example.org") == 0)
        // All slots are free again: three are taken without waiting.
        for _ in 0..<3 { await limiter.acquire("example.org") }
        #expect(limiter.waiting("example.org") == 0)
    }

    @Test("waiters are let in in the order they came; other keys do not wait for them")
    func order() async throws {
        let limiter = HostLimiter(limit: 1)
        await limiter.acquire("a")
        let order = Shared<[Int]>([])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 1...5 {
                group.addTask {
                    await limiter.acquire("a")
                    order.withLock { $0.append(number) }
                    limiter.release("a")
                }
                // The next waiter comes only once this one waits.
                while limiter.waiting("a") < number { try await Task.sleep(for: .milliseconds(1)) }
            }
            // Another key has its own slots.
            await limiter.acquire("b")
            limiter.release("b")
            #expect(order.withLock { $0 }.isEmpty)
            limiter.release("a")
            try await group.waitForAll()
        }
        #expect(order.withLock { $0 } == [1, 2, 3, 4, 5])
    }
}

/// A value the test's tasks share, behind a lock.
private final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ value: Value) {
        self.value = Mutex(value)
    }

    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        value.withLock { body(&$0) }
    }
}
