import Testing

@testable import ScrolleryIO

/// Work that finishes in time keeps its result; work still running at its deadline is cancelled and gives
/// `nil`; a later, shorter deadline is still kept; cancelling the caller cancels the work.
@Suite("Attempt deadlines")
struct AttemptDeadlinesTests {
    /// Waits until cancelled, then says so.
    static func hang() async -> String {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
        return "cancelled"
    }

    @Test("in time: the result; past the deadline: cancelled, and nil unless the result stands")
    func cutsOff() async {
        let deadlines = AttemptDeadlines()
        let quick = await deadlines.run(within: .seconds(60), completed: { _ in false }) { "done" }
        #expect(quick == "done")
        let late = await deadlines.run(within: .milliseconds(50), completed: { _ in false }) { await Self.hang() }
        #expect(late == nil)
        // A result the work still gave once cancelled stands when `completed` says it does.
        let kept = await deadlines.run(within: .milliseconds(50), completed: { $0 == "cancelled" }) {
            await Self.hang()
        }
        #expect(kept == "cancelled")
    }

    @Test(
        "a shorter deadline registered while a longer one is watched is kept; the longer one is not cut off",
        .timeLimit(.minutes(1)))
    func earlierDeadlineLater() async {
        let deadlines = AttemptDeadlines()
        let longStarted = Shared(false)
        let results = await withTaskGroup(of: String.self) { group in
            group.addTask {
                let result = await deadlines.run(within: .seconds(3600), completed: { _ in false }) {
                    longStarted.withLock { $0 = true }
                    return await Self.hang()
                }
                return "long: \(result ?? "cut off")"
            }
            // Registered once the long one is watched: without a watcher that wakes earlier, this would wait
            // an hour (and the time limit would end the test).
            while !longStarted.withLock({ $0 }) { await Task.yield() }
            let short = await deadlines.run(within: .milliseconds(30), completed: { _ in false }) {
                await Self.hang()
            }
            // The long one ends only because the group is cancelled, not by its deadline.
            group.cancelAll()
            let long = await group.next() ?? ""
            return ["short: \(short ?? "cut off")", long]
        }
        #expect(results == ["short: cut off", "long: cancelled"])
    }

    @Test("many at once, some with a long deadline and some cut off: each gets its own outcome")
    func many() async {
        let deadlines = AttemptDeadlines()
        let results = await withTaskGroup(of: (Int, String).self) { group in
            for index in 0..<40 {
                group.addTask {
                    // An hour for those that answer (they finish however loaded the machine), 50 ms for the rest.
                    let answers = index.isMultiple(of: 2)
                    let result = await deadlines.run(
                        within: answers ? .seconds(3600) : .milliseconds(50), completed: { _ in false }
                    ) {
                        answers ? "answer \(index)" : await Self.hang()
                    }
                    return (index, result ?? "cut off")
                }
            }
            var results = [String](repeating: "", count: 40)
            for await (index, result) in group { results[index] = result }
            return results
        }
        #expect(results == (0..<40).map { $0.isMultiple(of: 2) ? "answer \($0)" : "cut off" })
    }

    @Test("cancelling the caller cancels the work at once, long before its deadline")
    func callerCancelled() async {
        let deadlines = AttemptDeadlines()
        let started = Shared(false)
        let caller = Task {
            await deadlines.run(within: .seconds(3600), completed: { _ in true }) {
                started.withLock { $0 = true }
                return await Self.hang()
            }
        }
        while !started.withLock({ $0 }) { await Task.yield() }
        caller.cancel()
        #expect(await caller.value == "cancelled")
    }
}
