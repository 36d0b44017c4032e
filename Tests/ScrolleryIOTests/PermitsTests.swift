import Synchronization
import Testing

@testable import ScrolleryIO

/// At most `limit` holders per key at once; the others get their turn in the order they came; a waiter
/// whose task is cancelled stops waiting.
@Suite("Permits")
struct PermitsTests {
    @Test("never more than the limit at once, and every waiter gets its turn")
    func limitHolds() async throws {
        let permits = Permits(limit: 3)
        let counts = Shared((now: 0, most: 0, done: 0))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<24 {
                group.addTask {
                    try await permits.withPermit(for: "example.org") {
                        counts.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        // Let the other tasks run while this one holds its permit.
                        for _ in 0..<10 { await Task.yield() }
                        counts.withLock {
                            $0.now -= 1
                            $0.done += 1
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let final = counts.withLock { $0 }
        #expect(final.most <= 3)
        #expect(final.done == 24)
        #expect(permits.waiting("example.org") == 0)
    }

    @Test("waiters are let in in the order they came; other keys do not wait for them")
    func order() async throws {
        let permits = Permits(limit: 1)
        let order = Shared<[Int]>([])
        let gate = AsyncStream<Void>.makeStream()
        let entered = AsyncStream<Void>.makeStream()
        try await withThrowingTaskGroup(of: Void.self) { group in
            // The first holder keeps its permit until the gate opens.
            group.addTask {
                try await permits.withPermit(for: "a") {
                    entered.continuation.yield()
                    for await _ in gate.stream {}
                }
            }
            for await _ in entered.stream { break }
            for number in 1...5 {
                // The next waiter comes only once the one before waits.
                while permits.waiting("a") < number - 1 { await Task.yield() }
                group.addTask {
                    try await permits.withPermit(for: "a") { order.withLock { $0.append(number) } }
                }
            }
            while permits.waiting("a") < 5 { await Task.yield() }
            // Another key has its own permits.
            try await permits.withPermit(for: "b") {}
            #expect(order.withLock { $0 }.isEmpty)
            gate.continuation.finish()
            try await group.waitForAll()
        }
        #expect(order.withLock { $0 } == [1, 2, 3, 4, 5])
    }

    @Test("a waiter whose task is cancelled stops waiting, its body never runs, and the permit stays usable")
    func cancelledWaiter() async throws {
        let permits = Permits(limit: 1)
        let gate = AsyncStream<Void>.makeStream()
        let ran = Shared(false)
        let entered = AsyncStream<Void>.makeStream()
        let holder = Task {
            try await permits.withPermit {
                entered.continuation.yield()
                for await _ in gate.stream {}
            }
        }
        for await _ in entered.stream { break }
        let waiter = Task { try await permits.withPermit { ran.withLock { $0 = true } } }
        while permits.waiting() < 1 { await Task.yield() }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(permits.waiting() == 0)
        #expect(ran.withLock { $0 } == false)
        gate.continuation.finish()
        try await holder.value
        // The permit the holder gave back is free: nobody was left holding it.
        let after = try await permits.withPermit { 42 }
        #expect(after == 42)
    }
}
