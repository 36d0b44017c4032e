import Foundation
import Scrollery
import ScrolleryCore
import ScrolleryIO
import Synchronization

/// Prints a build's progress: a live line on a terminal, plain lines in CI or when piped.
final class ProgressReporter: Sendable {
    enum Verbosity: Sendable { case quiet, normal, verbose }

    private let verbosity: Verbosity
    private let statistics: FetchStatistics
    private let started = ContinuousClock.now
    private let live: Bool
    private let state = Mutex(State())

    private struct State {
        var sourcePages = 0
        var items = 0
        var failed = 0
        var images: ImageCounts?
        var lineShown = false
    }

    init(verbosity: Verbosity, statistics: FetchStatistics) {
        self.verbosity = verbosity
        self.statistics = statistics
        let inCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false
        live = !inCI && isatty(STDERR_FILENO) == 1 && verbosity == .normal
    }

    func report(_ event: BuildEvent) {
        guard verbosity != .quiet else { return }
        state.withLock { state in
            switch event {
            case .sourcePage(let number, let location, let items):
                state.sourcePages = number
                if !live { Self.printLine("source page \(number): \(items) items from \(location)") }
            case .page(let number, let items, let failed):
                state.items += items
                state.failed += failed
                if live {
                    let counts = statistics.snapshot
                    let seconds = max(0.001, Double((ContinuousClock.now - started) / .milliseconds(1)) / 1000)
                    let rate = Int(Double(state.items) / seconds)
                    let line =
                        "source pages \(state.sourcePages) · pages \(number) · items \(state.items) (\(rate)/s) · "
                        + "failed \(state.failed) · \(state.images.map { "\($0.description) · " } ?? "")"
                        + "requests \(counts.requests), \(counts.inFlight) in flight"
                    FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
                    state.lineShown = true
                } else if verbosity == .verbose {
                    Self.printLine("page \(number): \(items) items, \(failed) failed")
                }
            case .itemFailed(let position, let id, let reason):
                if verbosity == .verbose || !live {
                    Self.printLine("item \(position) (\(id)): \(reason)")
                }
            case .pictureFailed(let position, let id, let reason):
                if verbosity == .verbose || !live {
                    Self.printLine("item \(position) (\(id)): picture unavailable: \(reason)")
                }
            case .images(let counts):
                state.images = counts
            }
        }
    }

    func finish(_ summary: BuildSummary) {
        clearLine()
        guard verbosity != .quiet else { return }
        print(TerminalText.shown(summary.description))
        guard verbosity == .verbose else { return }
        if let peak = PeakMemory.line { print(peak) }
        print(MemoryAllocator.line)
    }

    func fail(_ error: any Error) {
        clearLine()
        Self.printLine("error: \(error)")
    }

    private func clearLine() {
        state.withLock { state in
            if state.lineShown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            state.lineShown = false
        }
    }

    /// Every line may carry text from a source (ids, titles, URLs): control characters are shown escaped.
    private static func printLine(_ text: String) {
        FileHandle.standardError.write(Data((TerminalText.shown(text) + "\n").utf8))
    }
}
