import Foundation

/// The most memory this process has held resident: `VmHWM` of `/proc/self/status`, which counts only
/// this program's own memory (`getrusage`'s maximum also counts what the launching process held before
/// `exec`, so it reads a test runner's size when a large one starts the build).
enum PeakMemory {
    /// In kibibytes, or `nil` where the system does not say (not Linux).
    static func kibibytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }

    /// "Peak memory: 41.7 MB", or `nil` where the system does not say.
    static var line: String? {
        kibibytes().map { "Peak memory: " + String(format: "%.1f", Double($0) / 1024) + " MB" }
    }
}
