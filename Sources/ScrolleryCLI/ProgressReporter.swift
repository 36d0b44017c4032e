import Foundation
import Scrollery
import ScrolleryCore
import ScrolleryIO
import Synchronization

/// Prints a build's progress: a live line on a terminal, plain lines in CI or when piped. Either way the
/// build is never silent for long: `tick` redraws the live line, or prints a status line when nothing was
/// printed for `interval`.
final class ProgressReporter: Sendable {
    enum Verbosity: Sendable { case quiet, normal, verbose }

    private let verbosity: Verbosity
    private let statistics: FetchStatistics
    private let started = ContinuousClock.now
    private let live: Bool
    /// The longest time without a line, when there is no live line.
    let interval: Duration
    private let state = Mutex(State())

    private struct State {
        var sourcePages = 0
        var pages = 0
        var items = 0
        var failed = 0
        var images: ImageCounts?
        var lineShown = false
        var lastLine = ContinuousClock.now
        /// Set by `finish` and `fail`: ticks after it print nothing.
        var done = false
    }

    /// - Parameter interval: the longest time without a line in CI or when piped; 10 s unless
    ///   `SCROLLERY_PROGRESS_INTERVAL` gives another number of seconds.
    init(verbosity: Verbosity, statistics: FetchStatistics, interval: Duration? = nil) {
        self.verbosity = verbosity
        self.statistics = statistics
        let environment = ProcessInfo.processInfo.environment
        live = LiveLine.isWanted(verbose: verbosity == .verbose, quiet: verbosity == .quiet, environment: environment)
        let configured = environment["SCROLLERY_PROGRESS_INTERVAL"].flatMap(Double.init).flatMap {
            $0 > 0 && $0.isFinite ? Duration.milliseconds(Int64(($0 * 1000).rounded(.up))) : nil
        }
        self.interval = interval ?? configured ?? .seconds(10)
    }

    /// How often `tick` should be called.
    var tickPeriod: Duration { live ? .seconds(1) : min(.seconds(1), interval) }

    /// Called every `tickPeriod` while the build runs: redraws the live line, or prints a status line when
    /// nothing was printed for `interval`.
    func tick() {
        guard verbosity != .quiet else { return }
        state.withLock { state in
            if state.done { return }
            if live {
                showLiveLine(&state)
            } else if ContinuousClock.now - state.lastLine >= interval {
                Self.printLine("still building, \(Self.elapsed(since: started)): \(status(state))")
                state.lastLine = .now
            }
        }
    }

    func report(_ event: BuildEvent) {
        guard verbosity != .quiet else { return }
        state.withLock { state in
            switch event {
            case .sourcePage(let number, let location, let items):
                state.sourcePages = number
                if !live {
                    Self.printLine("source page \(number): \(items) items from \(location)")
                    state.lastLine = .now
                }
            case .page(let number, let items, let failed):
                state.pages = number
                state.items += items
                state.failed += failed
                if live {
                    showLiveLine(&state)
                } else if verbosity == .verbose {
                    Self.printLine("page \(number): \(items) items, \(failed) failed")
                    state.lastLine = .now
                }
            case .itemFailed(let position, let id, let failure):
                // A host that is down is named once (a warning, the status line and the summary), not
                // for each of its thousands of requests.
                if failure.kind == .hostDown, verbosity != .verbose { return }
                if verbosity == .verbose || !live {
                    Self.printLine("item \(position) (\(id)): \(failure.message)")
                    state.lastLine = .now
                }
            case .pictureFailed(let position, let id, let failure):
                if failure.kind == .hostDown, verbosity != .verbose { return }
                if verbosity == .verbose || !live {
                    Self.printLine("item \(position) (\(id)): picture unavailable: \(failure.message)")
                    state.lastLine = .now
                }
            case .images(let counts):
                state.images = counts
            }
        }
    }

    private func showLiveLine(_ state: inout State) {
        StandardError.write("\r\u{1B}[K\(TerminalText.shown(status(state)))")
        state.lineShown = true
    }

    /// What the build has done and what it waits on: `source pages 3 · pages 2 · items 200 (310/s) ·
    /// failed 0 · requests 215, 8 in flight · waiting on api.example.com (8 in flight) · down: cdn.example`.
    private func status(_ state: State) -> String {
        let counts = statistics.snapshot
        let seconds = max(0.001, Double((ContinuousClock.now - started) / .milliseconds(1)) / 1000)
        let rate = Int(Double(state.items) / seconds)
        var parts = [
            "source pages \(state.sourcePages)", "pages \(state.pages)", "items \(state.items) (\(rate)/s)",
            "failed \(state.failed)",
        ]
        if let images = state.images { parts.append(images.description) }
        parts.append("requests \(counts.requests), \(counts.inFlight) in flight")
        let waiting = statistics.hosts.activity.prefix(3).map { host in
            let failing = host.failuresInARow > 0 ? ", \(host.failuresInARow) failed in a row" : ""
            return "\(host.host) (\(host.inFlight) in flight\(failing))"
        }
        if !waiting.isEmpty { parts.append("waiting on " + waiting.joined(separator: ", ")) }
        let down = statistics.hosts.outages.map { "\($0.host) (\($0.requestsNotMade) not requested)" }
        if !down.isEmpty { parts.append("down: " + down.joined(separator: ", ")) }
        return parts.joined(separator: " · ")
    }

    private static func elapsed(since start: ContinuousClock.Instant) -> String {
        let seconds = Int((ContinuousClock.now - start) / .seconds(1))
        return seconds < 60 ? "\(seconds) s" : "\(seconds / 60) min \(seconds % 60) s"
    }

    func finish(_ summary: BuildSummary) { finish(summary.description) }

    /// Prints the summary's lines (and, with `--verbose`, the memory used).
    func finish(_ summary: String) {
        clearLine()
        guard verbosity != .quiet else { return }
        print(TerminalText.shown(summary))
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
            state.done = true
            if state.lineShown { StandardError.write("\r\u{1B}[K") }
            state.lineShown = false
        }
    }

    /// Every line may carry text from a source (ids, titles, URLs): control characters are shown escaped.
    private static func printLine(_ text: String) {
        StandardError.write((TerminalText.shown(text) + "\n"))
    }
}
