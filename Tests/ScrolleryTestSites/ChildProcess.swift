import Foundation

/// Runs a program to its end without holding one of the few threads that all tests share: its output goes to
/// files (a pipe nobody reads would stall it once full), and its end is awaited, not waited for.
enum ChildProcess {
    struct Run: Sendable {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `executable` with `arguments` in this process's environment plus `environment` and without the
    /// variables named in `unset`; `whileRunning` gets the process, to signal it.
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], unset: Set<String> = [],
        whileRunning: (@Sendable (Process) async -> Void)? = nil
    ) async throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .filter { !unset.contains($0.key) }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)")
        let err = FileManager.default.temporaryDirectory.appendingPathComponent("err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        let finished = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in finished.continuation.finish() }
        try process.run()
        if let whileRunning { await whileRunning(process) }
        for await _ in finished.stream {}
        return Run(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// What a shell command writes to standard output, as bytes.
    static func output(ofShell command: String) async throws -> Data {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sh-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try await run(URL(fileURLWithPath: "/bin/sh"), ["-c", "\(command) > '\(out.path)'"])
        guard run.status == 0 else { throw CocoaError(.fileWriteUnknown) }
        return try Data(contentsOf: out)
    }
}
