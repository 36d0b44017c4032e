import Foundation
import Testing

@testable import ScrolleryTestSites

/// A machine without libvips, as a release archive meets it: `SCROLLERY_LIBVIPS` names a library that does
/// not exist, so the program cannot open libvips, as on a Debian with nothing installed.
@Suite("A site with pictures where libvips cannot be opened")
struct MissingLibvipsTests {
    static let missing = ["SCROLLERY_LIBVIPS": "libvips-that-is-not-installed.so.42"]

    /// Two source pages of three JPEG pictures of the site's own each (the crash came after the second page).
    static func photoSite() throws -> SiteFixture {
        let names = ["photo.jpg", "orientation-6.jpg", "cmyk.jpg"]
        let items: [[String: Any]] = (1...6).map {
            ["id": "\($0)", "title": "Photo \($0)", "image": "images/\($0).jpg"]
        }
        let site = try SiteFixture(items: items, perSourcePage: 3, pageSize: 4)
        let folder = site.folder.appendingPathComponent("static/images")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 1...6 {
            try FixtureFiles.image(names[(index - 1) % names.count]).write(
                to: folder.appendingPathComponent("\(index).jpg"))
        }
        return site
    }

    @Test("build stops before fetching, with one line naming libvips42 and the switch, and writes nothing")
    func buildStopsCleanly() async throws {
        let site = try Self.photoSite()
        defer { site.remove() }
        let run = try await ScrolleryCommand.run(["build", site.folder.path], environment: Self.missing)
        #expect(run.status == 1, "a crash is 139: \(run.status) \(run.stderr)")
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("libvips") }
        #expect(lines.count == 1, "\(run.stderr)")
        let line = String(lines.first ?? "")
        #expect(line.contains("libvips-that-is-not-installed.so.42"), "\(line)")
        #expect(line.contains("apt-get install libvips42"), "\(line)")
        #expect(line.contains("images: { enabled: false }"), "\(line)")
        #expect(!run.stderr.contains("source page"), "nothing is fetched: \(run.stderr)")
        #expect(!site.holds("public"))
        #expect(!site.holds(".scrollery-cache"))
    }

    @Test("a rebuild without libvips leaves the previous site as it was, and says so")
    func previousSiteKept() async throws {
        let site = try Self.photoSite()
        defer { site.remove() }
        let first = try await ScrolleryCommand.run(["build", site.folder.path, "--quiet"])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try site.snapshot()
        #expect(before.keys.contains { $0.hasSuffix(".webp") }, "the first build made variants")
        let run = try await ScrolleryCommand.run(["build", site.folder.path], environment: Self.missing)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("still holds the previous build"), "\(run.stderr)")
        #expect(try site.snapshot() == before)
    }

    @Test("pictures runs no shard without libvips either")
    func picturesStepStops() async throws {
        let site = try Self.photoSite()
        defer { site.remove() }
        let run = try await ScrolleryCommand.run(["pictures", site.folder.path], environment: Self.missing)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("apt-get install libvips42"), "\(run.stderr)")
    }

    @Test("check says the site needs libvips, and fails with the same line")
    func checkSaysSo() async throws {
        let site = try Self.photoSite()
        defer { site.remove() }
        let needs = try await ScrolleryCommand.run(
            ["check", site.folder.path, "--needs-libvips", "--cache-folder"], environment: Self.missing)
        #expect(needs.status == 0, "\(needs.stderr)")
        #expect(needs.stdout == "yes\n\(site.folder.appendingPathComponent(".scrollery-cache").path)\n")
        let check = try await ScrolleryCommand.run(["check", site.folder.path], environment: Self.missing)
        #expect(check.status == 1)
        #expect(check.stderr.contains("apt-get install libvips42"), "\(check.stderr)")
        let withLibrary = try await ScrolleryCommand.run(["check", site.folder.path])
        #expect(withLibrary.status == 0, "\(withLibrary.stderr)")
        #expect(withLibrary.stdout.contains("libvips opens"), "\(withLibrary.stdout)")
    }

    @Test("a site whose pictures are its own SVG files, or off, builds without libvips")
    func noPicturesToDecode() async throws {
        let svg = try SiteFixture.numbered(6)
        defer { svg.remove() }
        try Self.writeSVGs(count: 6, into: svg)
        try svg.setImageTemplate("images/{{id}}.svg")
        let run = try await ScrolleryCommand.run(["build", svg.folder.path], environment: Self.missing)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(svg.exists("index.html"))
        let needs = try await ScrolleryCommand.run(["check", svg.folder.path, "--needs-libvips"])
        #expect(needs.stdout == "no\n")

        let off = try Self.photoSite()
        defer { off.remove() }
        let config = off.folder.appendingPathComponent("scrollery.yml")
        try (try String(contentsOf: config, encoding: .utf8) + "\nimages: { enabled: false }\n").write(
            to: config, atomically: true, encoding: .utf8)
        let offRun = try await ScrolleryCommand.run(["build", off.folder.path], environment: Self.missing)
        #expect(offRun.status == 0, "\(offRun.stderr)")
        #expect(off.exists("index.html"))
    }

    @Test("init --preset local builds without libvips")
    func localPreset() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scrollery-local-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try await ScrolleryCommand.run(["init", folder.path, "--preset", "local"])
        #expect(made.status == 0, "\(made.stderr)")
        let run = try await ScrolleryCommand.run(["build", folder.path], environment: Self.missing)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("public/index.html").path))
    }

    static func writeSVGs(count: Int, into site: SiteFixture) throws {
        let folder = site.folder.appendingPathComponent("static/images")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 1...count {
            try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="3" height="2"/>"#.utf8).write(
                to: folder.appendingPathComponent("\(index).svg"))
        }
    }
}

extension SiteFixture {
    /// Whether the site folder holds `path`.
    func holds(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
    }

    /// Replaces the config's `item.image` template.
    func setImageTemplate(_ template: String) throws {
        let config = folder.appendingPathComponent("scrollery.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try text.replacingOccurrences(of: #"image: "{{image}}""#, with: "image: \"\(template)\"").write(
            to: config, atomically: true, encoding: .utf8)
    }
}
