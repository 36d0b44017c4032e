import Foundation
import ScrolleryCore
import ScrolleryPublish
import Synchronization

/// Prints a deploy's progress on standard error, a live line on a terminal (the step, its files and
/// bytes done) and plain lines in CI or when piped (a line per step, and a count every few seconds while
/// a step runs), and its summary or plan on standard output. Text from the server or the folder is printed
/// with control characters escaped.
final class DeployReporter: Sendable {
    private let verbosity: ProgressReporter.Verbosity
    private let live: Bool
    private let state = Mutex(State())

    private struct State {
        var stepName = ""
        var stepFiles = 0
        var stepBytes: Int64 = 0
        var stepDone = 0
        var bytesDone: Int64 = 0
        var lastLine = ContinuousClock.now
        var lineShown = false
    }

    /// The longest time without a line while a step runs.
    private static let interval: Duration = .seconds(5)
    /// The shortest time between two redraws of the live line.
    private static let redraw: Duration = .milliseconds(100)

    init(verbosity: ProgressReporter.Verbosity) {
        self.verbosity = verbosity
        live = LiveLine.isWanted(verbose: verbosity == .verbose, quiet: verbosity == .quiet)
    }

    func start(target: DeployTarget, dryRun: Bool) {
        guard verbosity != .quiet else { return }
        let endpoint = target.endpoint.isAWS ? "AWS, \(target.endpoint.region)" : target.endpoint.host
        Self.printLine(
            "\(dryRun ? "Planning" : "Deploying") to \(DeploySummary.shown(target.location)) (\(endpoint)) "
                + "as \(target.credentials)")
    }

    func report(_ event: DeployEvent) {
        guard verbosity != .quiet else { return }
        state.withLock { state in
            switch event {
            case .listed(let objects):
                if verbosity == .verbose { Self.printLine("listed \(DeploySummary.count(objects)) objects") }
            case .manifestRead(let objects):
                Self.printLine(
                    "planning from the last deploy's manifest (\(DeploySummary.count(objects)) files); "
                        + "--verify lists the bucket instead")
            case .listing(let reason):
                Self.printLine("listing the bucket: \(reason)")
            case .planned(let plan):
                Self.printLine(
                    "plan: \(DeploySummary.count(plan.uploads.count)) to upload "
                        + "(\(DeploySummary.bytes(plan.uploadBytes))), \(DeploySummary.count(plan.deletes.count)) "
                        + "to delete, \(DeploySummary.count(plan.unchangedCount)) unchanged")
            case .stepStarted(let name, let files, let bytes):
                state.stepName = name
                state.stepFiles = files
                state.stepBytes = bytes
                state.stepDone = 0
                state.bytesDone = 0
                let size = bytes > 0 ? " (\(DeploySummary.bytes(bytes)))" : ""
                if live {
                    // The step before keeps its last line.
                    endLine(&state)
                    state.lastLine = .now - Self.redraw
                    progress(&state)
                } else {
                    state.lastLine = .now
                    Self.printLine("\(name): \(DeploySummary.count(files)) files\(size)")
                }
            case .uploaded(let path, let bytes):
                state.stepDone += 1
                state.bytesDone += bytes
                if verbosity == .verbose { Self.printLine("uploaded \(path)") }
                progress(&state)
            case .deleted(let count):
                state.stepDone += count
                progress(&state)
            case .slowedDown(let inFlight):
                clearLine(&state)
                Self.printLine("the server asks to slow down: at most \(inFlight) requests at once")
            case .skipped(let key, let reason):
                clearLine(&state)
                Self.printLine("left alone: \(key.debugDescription) (\(reason))")
            }
        }
    }

    private func progress(_ state: inout State) {
        if live {
            guard ContinuousClock.now - state.lastLine >= Self.redraw || state.stepDone == state.stepFiles else {
                return
            }
            let bytes =
                state.stepBytes > 0
                ? " · \(DeploySummary.bytes(state.bytesDone)) of \(DeploySummary.bytes(state.stepBytes))" : ""
            let line =
                "\(state.stepName): \(DeploySummary.count(state.stepDone)) of "
                + "\(DeploySummary.count(state.stepFiles)) files\(bytes)"
            StandardError.write("\r\u{1B}[K\(TerminalText.shown(line))")
            state.lineShown = true
            state.lastLine = .now
            return
        }
        guard ContinuousClock.now - state.lastLine >= Self.interval, state.stepDone < state.stepFiles else { return }
        Self.printLine("  \(DeploySummary.count(state.stepDone)) of \(DeploySummary.count(state.stepFiles)) done")
        state.lastLine = .now
    }

    private func endLine(_ state: inout State) {
        if state.lineShown { StandardError.write("\n") }
        state.lineShown = false
    }

    private func clearLine(_ state: inout State) {
        if state.lineShown { StandardError.write("\r\u{1B}[K") }
        state.lineShown = false
    }

    /// One request's line, with `--verbose` only: method, key and status, never a header.
    func verbose(_ line: String) {
        guard verbosity == .verbose else { return }
        Self.printLine(line)
    }

    func finish(_ summary: DeploySummary) {
        state.withLock { endLine(&$0) }
        guard verbosity != .quiet else { return }
        print(TerminalText.shown(summary.description))
    }

    /// The plan of a dry run, group by group, and the fact that nothing was written.
    func printPlan(_ plan: PublishPlan, summary: DeploySummary) {
        var lines = [
            "Dry run for \(DeploySummary.shown(summary.location)): \(DeploySummary.count(plan.uploads.count)) to "
                + "upload (\(DeploySummary.bytes(plan.uploadBytes))), \(DeploySummary.count(plan.deletes.count)) "
                + "to delete, \(DeploySummary.count(plan.unchangedCount)) unchanged; nothing was written."
        ]
        for step in PublishOrder.steps(of: plan) {
            switch step {
            case .upload(let group, let reason, let uploads):
                let bytes = uploads.reduce(Int64(0)) { $0 + $1.file.size }
                lines.append(
                    "  \(group), \(reason == .new ? "new" : "changed"): \(DeploySummary.count(uploads.count)) "
                        + "(\(DeploySummary.bytes(bytes)))")
                for upload in uploads {
                    lines.append("    \(upload.reason == .new ? "new" : "changed") \(upload.file.path)")
                }
            case .delete(let deletes):
                lines.append("  deletes: \(DeploySummary.count(deletes.count))")
                for delete in deletes { lines.append("    delete \(delete.path)") }
            }
        }
        print(TerminalText.shown(lines.joined(separator: "\n")))
    }

    func fail(_ error: any Error) {
        state.withLock { endLine(&$0) }
        Self.printLine("error: \(error)")
    }

    private static func printLine(_ text: String) {
        StandardError.write((TerminalText.shown(text) + "\n"))
    }
}
