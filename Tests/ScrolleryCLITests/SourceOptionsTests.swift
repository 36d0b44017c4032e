import Foundation
import Testing

@testable import ScrolleryTestSites

/// `build`, `fetch` and `pictures` share their source options, and check them alike before any work.
@Suite("The options the source commands share")
struct SourceOptionsTests {
    @Test("--max-items 0 is refused by each command, with the same words", arguments: ["build", "fetch", "pictures"])
    func maxItemsChecked(command: String) async throws {
        let run = try await ScrolleryCommand.run([command, "/nonexistent-site", "--max-items", "0"])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("--max-items must be at least 1."), "\(run.stderr)")
    }

    @Test("--concurrency is checked where details are fetched, and pictures has none", arguments: ["build", "fetch"])
    func concurrencyChecked(command: String) async throws {
        let run = try await ScrolleryCommand.run([command, "/nonexistent-site", "--concurrency", "65"])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("--concurrency must be from 1 to 64."), "\(run.stderr)")
        let pictures = try await ScrolleryCommand.run(["pictures", "/nonexistent-site", "--concurrency", "2"])
        #expect(pictures.status == 64, "\(pictures.stderr)")
        #expect(pictures.stderr.contains("Unknown option '--concurrency'"), "\(pictures.stderr)")
    }
}
