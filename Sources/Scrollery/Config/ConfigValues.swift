import Foundation

/// Parsers for the config's durations (`30s`, `500ms`, `2m`, `1h`, a number of seconds) and sizes
/// (`10MB`, `512KB`, a number of bytes).
enum ConfigValues {
    static func duration(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400)]
        for (suffix, seconds) in units where trimmed.hasSuffix(suffix) {
            let number = trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)
            guard let value = Double(number), value >= 0, value.isFinite else { return nil }
            return .milliseconds(Int((value * seconds * 1000).rounded()))
        }
        guard let value = Double(trimmed), value >= 0, value.isFinite else { return nil }
        return .milliseconds(Int((value * 1000).rounded()))
    }

    static func size(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let units: [(String, Int)] = [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10), ("B", 1)]
        for (suffix, factor) in units where trimmed.hasSuffix(suffix) {
            let number = trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)
            guard let value = Double(number), value >= 0, value < 1e12 else { return nil }
            return Int(value * Double(factor))
        }
        return Int(trimmed).flatMap { $0 >= 0 ? $0 : nil }
    }
}
