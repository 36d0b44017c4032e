/// The clock that retries wait on and measure their time by: real time in a run, virtual time in a test,
/// where a wait returns at once and is recorded, so a 30-second `Retry-After` costs a test nothing.
public protocol WaitClock: Sendable {
    /// The time since a fixed start; it never goes back.
    var elapsed: Duration { get }
    /// Waits `duration`.
    /// - Throws: `CancellationError` when the task is cancelled.
    func wait(_ duration: Duration) async throws
}

/// Real time: the system's monotonic clock.
public struct SystemWaitClock: WaitClock {
    private let start = ContinuousClock.now

    public init() {}

    public var elapsed: Duration { ContinuousClock.now - start }

    public func wait(_ duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
