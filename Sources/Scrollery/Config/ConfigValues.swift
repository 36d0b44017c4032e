import Foundation

/// Parsers for the config's durations (`30s`, `500ms`, `2m`, `1h`, a number of seconds) and sizes
/// (`10MB`, `512KB`, a number of bytes). A value past the largest allowed is refused by name, never
/// converted into a number that does not fit (which would trap).
enum ConfigValues {
    /// What a value's text gave.
    enum Parsed<Value: Sendable & Equatable>: Sendable, Equatable {
        case value(Value)
        /// Not a value of this kind at all.
        case invalid
        /// A value of this kind, larger than `largest` (written as the config would write it).
        case tooLarge(largest: String)
    }

    /// The longest duration any key takes: ten years (`cache.ttl` has `forever` for longer).
    static let longestDuration: Duration = .seconds(10 * 365 * 86_400)
    /// The largest size any key takes: 4 GB (a body is held in memory whole).
    static let largestSize = 4 << 30

    static func duration(_ text: String) -> Parsed<Duration> {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400)]
        var number = Substring(trimmed)
        var unit = 1.0
        for (suffix, seconds) in units where trimmed.hasSuffix(suffix) {
            number = Substring(trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces))
            unit = seconds
            break
        }
        guard let value = Double(number), value >= 0, !value.isNaN else { return .invalid }
        let longest = Double(longestDuration.components.seconds)
        guard value * unit <= longest else { return .tooLarge(largest: "\(Int(longest) / 86_400)d") }
        return .value(.milliseconds(Int((value * unit * 1000).rounded())))
    }

    static func size(_ text: String) -> Parsed<Int> {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let units: [(String, Int)] = [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10), ("B", 1)]
        var number = Substring(trimmed)
        var factor = 1
        for (suffix, unitFactor) in units where trimmed.hasSuffix(suffix) {
            number = Substring(trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces))
            factor = unitFactor
            break
        }
        guard let value = Double(number), value >= 0, !value.isNaN else { return .invalid }
        guard value * Double(factor) <= Double(largestSize) else { return .tooLarge(largest: "4GB") }
        return .value(Int(value * Double(factor)))
    }
}
