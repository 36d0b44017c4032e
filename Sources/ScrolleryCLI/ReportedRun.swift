import ArgumentParser

/// Runs a command's work as a task that Ctrl-C (or a CI runner's SIGTERM) cancels, with the reporter's
/// ticks going while it runs; prints its summary, or its error.
/// - Parameters:
///   - reporter: prints progress, the summary and the error.
///   - work: the run; its result's lines are the summary.
/// - Throws: `ExitCode(130)` after an interruption, `ExitCode.failure` after any other error.
func runReported(
    _ reporter: ProgressReporter, _ work: @escaping @Sendable () async throws -> String
) async throws {
    let task = Task { try await work() }
    let interruption = Interruption { task.cancel() }
    defer { interruption.stop() }
    let ticker = Task {
        while !Task.isCancelled {
            try? await Task.sleep(for: reporter.tickPeriod)
            if !Task.isCancelled { reporter.tick() }
        }
    }
    defer { ticker.cancel() }
    do {
        let summary = try await task.value
        ticker.cancel()
        reporter.finish(summary)
    } catch {
        ticker.cancel()
        reporter.fail(error)
        throw interruption.happened ? ExitCode(130) : ExitCode.failure
    }
}
