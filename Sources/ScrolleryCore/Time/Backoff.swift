/// Exponential backoff with full jitter: before retry `attempt` (from 0), a wait drawn from zero up to
/// `base · 2^attempt`, never more than `cap`. The randomness is an argument, so the waits are whatever a
/// caller (or a test) makes them.
public struct Backoff: Sendable, Equatable {
    /// The ceiling of the first retry's wait.
    public var base: Duration
    /// The most any wait may be.
    public var cap: Duration

    public init(base: Duration, cap: Duration) {
        self.base = base
        self.cap = cap
    }

    /// The most the wait before retry `attempt` may be: `base · 2^attempt`, capped.
    public func ceiling(attempt: Int) -> Duration {
        min(base * (1 << min(max(attempt, 0), 30)), cap)
    }

    /// The wait before retry `attempt`, for `random` in `0...1` (clamped there): that share of the ceiling,
    /// in whole milliseconds.
    public func wait(attempt: Int, random: Double) -> Duration {
        let milliseconds = Double(ceiling(attempt: attempt) / .milliseconds(1))
        return .milliseconds(Int((milliseconds * min(max(random, 0), 1)).rounded(.down)))
    }
}

/// Where the randomness of a retry's jitter comes from: the system's generator, or a fixed sequence in a
/// test.
public struct JitterSource: Sendable {
    private let draw: @Sendable () -> Double

    /// - Parameter draw: returns a number in `0...1` each call.
    public init(_ draw: @escaping @Sendable () -> Double) { self.draw = draw }

    /// A number in `0...1`.
    public func next() -> Double { draw() }

    /// The system's random numbers.
    public static let system = JitterSource { Double.random(in: 0...1) }
}
