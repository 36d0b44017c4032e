import Foundation

/// Whether progress is shown as one line redrawn in place: only on a terminal, never in CI (where `CI` is
/// set to anything but `false`, as every CI service does), and not with `--verbose` or `--quiet`.
enum LiveLine {
    static func isWanted(
        verbose: Bool, quiet: Bool, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Bool {
        let inCI = environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false
        return !inCI && isatty(STDERR_FILENO) == 1 && !verbose && !quiet
    }
}
