import Foundation
import ScrolleryTestSupport
import Testing

@testable import ScrolleryCore
@testable import ScrolleryIO

@Suite("Page log")
struct PageLogTests {
    @Test("pages read back in order with their keys and changes, past the write buffer; the file is not seen")
    func readsBackInOrder() throws {
        try withScratchFolderSync { folder in
            let log = try PageLog(in: OpenFolder(folder.url.path))
            var generator = SeededGenerator(seed: 7)
            var expected: [(name: PageName, changed: Bool, key: Fingerprint.Digest)] = []
            // About 160 KiB of records: several flushes of the 64 KiB buffer, and records split across reads.
            for number in 1...4_000 {
                let name: PageName =
                    number % 101 == 0
                    ? .list(number / 101)
                    : .item(slug: number % 7 == 0 ? "é-\(number)-" + String(repeating: "x", count: 70) : "\(number)")
                let entry = (
                    name, Bool.random(using: &generator),
                    Fingerprint.Digest(high: generator.next(), low: generator.next())
                )
                try log.append(entry.0, changed: entry.1, key: entry.2)
                expected.append(entry)
            }
            #expect(log.count == expected.count)
            for _ in 1...2 {
                var read: [PageLog.Entry] = []
                try log.forEach { read.append($0) }
                #expect(read.count == expected.count)
                #expect(read.map(\.name.path) == expected.map(\.name.path))
                #expect(read.map(\.changed) == expected.map(\.changed))
                #expect(read.map(\.key) == expected.map(\.key))
            }
            #expect(folder.allPaths().isEmpty)
            // An error of the reader's own comes out as it is; a closed log cannot be read.
            struct Stop: Error {}
            #expect(throws: Stop.self) { try log.forEach { _ in throw Stop() } }
            log.close()
            #expect(throws: OutputError.self) { try log.forEach { _ in } }
        }
    }

    @Test("a page replaced by another file leaves the paths, keys and counts, and stays in the page names")
    func replacedPage() throws {
        try withScratchFolderSync { folder in
            var files = try WrittenFiles(in: OpenFolder(folder.url.path))
            let key = Fingerprint.Digest(high: 1, low: 2)
            try files.addPage(.list(1), changed: false, key: key)
            try files.addPage(.item(slug: "a"), changed: true, key: key)
            try files.addPage(.item(slug: "b"), changed: false, key: key)
            try files.add("sitemap.xml", changed: false)
            try files.add("items/a/index.html", changed: false)
            var paths: [String] = []
            try files.forEachPath { path, changed in paths.append("\(path) \(changed)") }
            #expect(
                paths == [
                    "index.html false", "items/b/index.html false", "items/a/index.html false", "sitemap.xml false",
                ])
            var keyed: [String] = []
            try files.forEachFile { path, _, key in if key != nil { keyed.append(path) } }
            #expect(keyed == ["index.html", "items/b/index.html"])
            #expect(files.count == 4)
            #expect(files.changedCount == 0)
            #expect(files.keyCount == 2)
            #expect(files.overridden == ["items/a/index.html"])
            var names: [String] = []
            try files.pageNames.forEach { names.append($0.path) }
            #expect(names == ["index.html", "items/a/index.html", "items/b/index.html"])
            #expect(files.contains("items/b/index.html") && !files.contains("items/c/index.html"))
        }
    }
}
