import Foundation
import Testing

/// The real `scrollery` executable, run as a user would: the test targets that go through the binary
/// share it.
enum ScrolleryCommand {
    /// The repository's root folder.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `scrollery` binary built beside the test bundle.
    static func executable() throws -> URL {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [bundleFolder, repository.appendingPathComponent(".build/debug")].map {
            $0.appendingPathComponent("scrollery")
        }
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "build the executable first: swift build --build-tests")
    }

    /// Runs the binary with `CI=true` (plain progress lines) plus `environment`, without blocking the
    /// test's thread and never with the runner's own API tokens (a test that wants one names it);
    /// `whileRunning` gets the process, to signal it.
    static func run(
        _ arguments: [String], environment: [String: String] = [:],
        whileRunning: (@Sendable (Process) async -> Void)? = nil
    ) async throws -> ChildProcess.Run {
        let tokens: Set = ["GITHUB_TOKEN", "NASA_API_KEY"]
        return try await ChildProcess.run(
            try executable(), arguments, environment: ["CI": "true"].merging(environment) { $1 },
            unset: tokens.subtracting(environment.keys), whileRunning: whileRunning)
    }
}
