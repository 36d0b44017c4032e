/// Durations from seconds that came from outside (a header, a file), where a conversion to a whole number
/// must never trap.
extension Duration {
    /// `seconds`, rounded up to whole milliseconds, clamped to `0...longest`; NaN is zero.
    package static func clamped(seconds: Double, atMost longest: Duration) -> Duration {
        guard !seconds.isNaN, seconds > 0 else { return .zero }
        guard seconds < Double(longest.components.seconds) else { return longest }
        return .milliseconds(Int((seconds * 1000).rounded(.up)))
    }
}
