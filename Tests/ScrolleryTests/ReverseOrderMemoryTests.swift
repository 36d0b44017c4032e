import Foundation
import Testing

@testable import ScrolleryTestSites

/// `source.order: reverse` at 100,000 items keeps memory flat: the real executable's peak resident memory
/// (as it reports it with `--verbose`) stays within 1.5× that of a forward build of 10,000 items, as the
/// performance target says. Each item carries about 700 bytes of text, so a build
/// that held every item would need some 70 MB more and fail.
@Suite("Source order: memory at 100,000 items")
struct ReverseOrderMemoryTests {
    /// Captions in several scripts, so the held text is not all ASCII.
    static let captions = [
        "Ærøskøbing harbour at dawn — “still” water", "Nguyễn Thị Minh Khai street, Sài Gòn",
        "Ελληνικό φως στη Νάξο", "Красная площадь зимой", "東京の夜景と雨 🌧️", "Łódź, ulica Piotrkowska",
    ]

    /// A site of `count` items, 100 to a source page, with no detail request and no pictures.
    static func site(count: Int, order: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scrollery-memory-\(count)-\(order)-\(UUID().uuidString)", isDirectory: true)
        let data = folder.appendingPathComponent("data", isDirectory: true)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let paragraph = String(repeating: "Light *falls* on the [harbour](https://example.org/h) at dawn. ", count: 10)
        for page in 0..<(count + 99) / 100 {
            let items = (page * 100 + 1...min(count, page * 100 + 100)).map { n in
                let caption = captions[n % captions.count]
                // A new day every 500 items: sections (and the archive) as a real feed has them.
                let day = (n / 500) % 28 + 1
                let date = "2026-11-" + (day < 10 ? "0\(day)" : "\(day)")
                return #"{"id":"\#(n)","title":"\#(caption) \#(n)","date":"\#(date)","#
                    + #""text":"\#(caption). \#(paragraph)"}"#
            }
            try Data(("{\"items\":[" + items.joined(separator: ",") + "]}").utf8).write(
                to: data.appendingPathComponent("page-\(page + 1).json"))
        }
        let config = """
            title: Memory
            pageSize: 100
            source:
              url: data/page-{{page}}.json
              items: /items
              order: \(order)
            item:
              id: "{{id}}"
              title: "{{title}}"
              description: "{{text}}"
              date: "{{date}}"
            images: { enabled: false }
            sections: { by: day }

            """
        try Data(config.utf8).write(to: folder.appendingPathComponent("scrollery.yml"))
        return folder
    }

    /// Runs `scrollery build SITE --verbose`: its exit status and the peak memory it reports (its own
    /// `VmHWM`: the kernel's `ru_maxrss` for a child would count the test runner's memory too, which the
    /// child shared until it started the program).
    static func build(_ site: URL) async throws -> (status: Int32, peakBytes: Int) {
        let run = try await ChildProcess.run(
            try ScrolleryCommand.executable(), ["build", site.path, "--verbose"], environment: ["CI": "true"])
        let why = "exit status \(run.status), stdout: \(run.stdout.suffix(2_000)), stderr: \(run.stderr.suffix(4_000))"
        let line = try #require(
            run.stdout.split(separator: "\n").first { $0.hasPrefix("Peak memory: ") }, "no peak memory: \(why)")
        let megabytes = try #require(Double(line.dropFirst("Peak memory: ".count).prefix { $0 != " " }))
        return (run.status, Int(megabytes * 1_048_576))
    }

    @Test(
        "reverse at 100,000 items: every item, newest first, at most 1.5× the peak memory of 10,000 forward",
        .timeLimit(.minutes(5)))
    func flatMemory() async throws {
        let small = try Self.site(count: 10_000, order: "forward")
        let large = try Self.site(count: 100_000, order: "reverse")
        defer {
            try? FileManager.default.removeItem(at: small)
            try? FileManager.default.removeItem(at: large)
        }
        let forward = try await Self.build(small)
        let reverse = try await Self.build(large)
        #expect(forward.status == 0 && reverse.status == 0)
        let ratio = Double(reverse.peakBytes) / Double(forward.peakBytes)
        print(
            "peak RSS: 10,000 forward \(forward.peakBytes >> 20) MB, 100,000 reverse \(reverse.peakBytes >> 20) MB "
                + "(\((ratio * 100).rounded() / 100)×)")
        #expect(reverse.peakBytes <= forward.peakBytes * 3 / 2)
        // And in bytes: holding the items would take some 70 MB more, whatever the baseline.
        #expect(reverse.peakBytes - forward.peakBytes < 30 << 20)
        // Newest first: item 100000 opens the feed, item 1 ends it, on the 1,000th listing page.
        let output = large.appendingPathComponent("public")
        let first = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        let last = try String(
            contentsOf: output.appendingPathComponent("page/1000/index.html"), encoding: .utf8)
        #expect(SourceOrderTests.cardLinks(first).first == "/items/100000/")
        #expect(SourceOrderTests.cardLinks(last).last == "/items/1/")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("page/1001").path))
    }
}
