import Foundation
import Testing

@testable import ScrolleryTestSites

/// `scrollery fetch`, `scrollery pictures --shard K/N` and `build --offline` as a CI job runs them.
@Suite("The split build's commands")
struct SplitBuildCommandTests {
    @Test(arguments: ["0/4", "5/4", "1/0", "a/b", "4", "1/4/2"])
    func aShardThatIsNotOneIsRefusedBeforeAnythingRuns(shard: String) async throws {
        let site = try CommandLineTests.sampleSiteCopy()
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        try? FileManager.default.removeItem(at: site.appendingPathComponent(".scrollery-cache"))
        let run = try await ScrolleryCommand.run(["pictures", site.path, "--shard", shard])
        #expect(run.status == 64, "a usage error: \(run.status) \(run.stderr)")
        #expect(run.stderr.contains("--shard `\(shard)`"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent(".scrollery-cache").path))
    }

    @Test("the sample site built in three steps is the site built in one")
    func threeStepsGiveTheOneStepSite() async throws {
        let site = try CommandLineTests.sampleSiteCopy()
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let fetch = try await ScrolleryCommand.run(["fetch", site.path])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(fetch.stdout.contains("Fetched 225 items from 9 source pages into"), "\(fetch.stdout)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path), "no page")
        for shard in ["1/2", "2/2"] {
            let pictures = try await ScrolleryCommand.run(["pictures", site.path, "--shard", shard])
            #expect(pictures.status == 0, "\(pictures.stderr)")
            #expect(pictures.stdout.contains("Pictures of shard \(shard) into"), "\(pictures.stdout)")
        }
        let build = try await ScrolleryCommand.run(["build", site.path, "--offline"])
        #expect(build.status == 0, "\(build.stderr)")
        let split = try SiteFixture.snapshot(of: site.appendingPathComponent("public"))
        let oneStep = site.deletingLastPathComponent().appendingPathComponent("one-step")
        let whole = try await ScrolleryCommand.run(["build", site.path, "--output", oneStep.path])
        #expect(whole.status == 0, "\(whole.stderr)")
        let one = try SiteFixture.snapshot(of: oneStep)
        #expect(split.count == one.count && split.count > 225)
        #expect(split.keys.filter { split[$0] != one[$0] }.isEmpty)
    }
}
