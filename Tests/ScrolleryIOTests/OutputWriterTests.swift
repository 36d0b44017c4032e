import Foundation
import ScrolleryTestSupport
import Testing

@testable import ScrolleryCore
@testable import ScrolleryIO

@Suite("Output writer")
struct OutputWriterTests {
    // MARK: - OutputWriter

    /// Every file under `folder` with its bytes, by relative path.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = folder.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return files }
        while let path = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = root + "/" + path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
            }
        }
        return files
    }

    /// Builds a first site into `output` and commits it.
    static func commitFirstBuild(to output: URL) throws {
        var writer = try OutputWriter(outputFolder: output)
        try writer.write("<h1>old</h1>", to: "index.html")
        try writer.write("old item", to: "items/a/index.html")
        try writer.write(Data([0, 1, 2, 255]), to: "assets/bin.dat")
        _ = try writer.commit()
    }

    @Test(
        "paths that would leave the output folder are refused",
        arguments: ["../x", "a/../../x", "/abs", "a//b", "", ".", "..", "./x", "a/./b", "x/..", "a/", "a\u{0}b"])
    func unsafePathsRefused(path: String) throws {
        try withScratchFolderSync { folder in
            let output = folder.url.appendingPathComponent("public")
            var writer = try OutputWriter(outputFolder: output)
            var refused = false
            do {
                try writer.write("x", to: path)
            } catch is OutputError {
                refused = true
            }
            #expect(refused)
            #expect(try writer.writtenFiles.isEmpty)
            // Nothing but the (empty) staging folder exists anywhere under the scratch folder.
            let staging = writer.stagingFolder.lastPathComponent
            #expect(folder.allPaths() == [staging])
            #expect(try FileManager.default.contentsOfDirectory(atPath: writer.stagingFolder.path).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("x").path))
            writer.discard()
        }
    }

    @Test("the byte check of a path inside the output folder agrees with the check by components")
    func insideCheckMatchesComponents() {
        for path in ["items/x/index.html", "a.b/c..d", "...", ".hidden/..x", "x./.y", "東京/🌸.html", "a"] {
            #expect(RelativePath.staysInside(path), "\(path.debugDescription)")
        }
        let pieces = ["a", "é", "東", "/", "/", ".", "..", "\u{0}", "x.y", "\u{301}", "/\u{301}"]
        var generator = SeededGenerator(seed: 0x5C20_11E5)
        for _ in 0..<20_000 {
            let path = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            #expect(
                RelativePath.staysInside(path) == RelativePath.staysInsideByComponents(path), "\(path.debugDescription)"
            )
        }
    }

    @Test("files are written into the staging folder, not the output folder, until commit")
    func writesGoToStaging() throws {
        try withScratchFolderSync { folder in
            let output = folder.url.appendingPathComponent("public")
            var writer = try OutputWriter(outputFolder: output)
            #expect(
                writer.stagingFolder.deletingLastPathComponent().standardizedFileURL == folder.url.standardizedFileURL)
            try writer.write("home", to: "index.html")
            try writer.write("item", to: "items/x/index.html")
            #expect(try writer.writtenFiles == ["index.html", "items/x/index.html"])
            #expect(!FileManager.default.fileExists(atPath: output.path))
            let staged = try Self.snapshot(writer.stagingFolder)
            #expect(staged == ["index.html": Data("home".utf8), "items/x/index.html": Data("item".utf8)])
            writer.discard()
            #expect(folder.allPaths().isEmpty)
        }
    }

    @Test("folders made ahead are only new pages' folders inside the staging folder, and none once it is gone")
    func foldersMadeAhead() throws {
        try withScratchFolderSync { folder in
            let output = folder.url.appendingPathComponent("public")
            try Self.commitFirstBuild(to: output)
            var writer = try OutputWriter(outputFolder: output)
            let store = writer.store
            // items/a is a page of the previous build: it may be kept as it was, so no folder is made for it.
            store.makeFolders(for: [
                "items/a/index.html", "items/new/index.html", "page/2/index.html", "x.html", "../up/x",
            ])
            let staged = writer.stagingFolder.path
            #expect(
                Set(try FileManager.default.subpathsOfDirectory(atPath: staged)) == [
                    "items", "items/new", "page", "page/2",
                ])
            try writer.write("new item", to: "items/new/index.html")
            #expect(try Self.snapshot(writer.stagingFolder) == ["items/new/index.html": Data("new item".utf8)])
            writer.discard()
            store.makeFolders(for: ["items/late/index.html", "deep/er/index.html"])
            #expect(!FileManager.default.fileExists(atPath: staged))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["public"])
        }
    }

    @Test("a non-empty folder without the manifest is never replaced")
    func foreignFolderNotReplaced() throws {
        try withScratchFolderSync { folder in
            try folder.write("precious", to: "public/notes.txt")
            let output = folder.url.appendingPathComponent("public")
            do {
                let writer = try OutputWriter(outputFolder: output)
                writer.discard()
                Issue.record("expected OutputWriter to refuse a folder it did not write")
            } catch let error as OutputError {
                #expect(error.description.contains("was not written by Scrollery"))
                #expect(error.path == output.path)
            }
            #expect(try Self.snapshot(output) == ["notes.txt": Data("precious".utf8)])
            #expect(folder.allPaths() == ["public", "public/notes.txt"])
        }
    }

    @Test("a file where the output folder should be is refused")
    func outputIsAFile() throws {
        try withScratchFolderSync { folder in
            try folder.write("a file", to: "public")
            #expect(throws: OutputError.self) {
                _ = try OutputWriter(outputFolder: folder.url.appendingPathComponent("public"))
            }
            #expect(folder.allPaths() == ["public"])
        }
    }

    @Test("an empty existing folder may be replaced")
    func emptyFolderReplaced() throws {
        try withScratchFolderSync { folder in
            let output = folder.url.appendingPathComponent("public")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            var writer = try OutputWriter(outputFolder: output)
            try writer.write("new", to: "index.html")
            _ = try writer.commit()
            #expect(try Self.snapshot(output)["index.html"] == Data("new".utf8))
        }
    }

    @Test("commit swaps the new build in, with a manifest, and leaves nothing beside it")
    func commitSwapsIn() throws {
        try withScratchFolderSync { folder in
            let output = folder.url.appendingPathComponent("public")
            try Self.commitFirstBuild(to: output)
            var writer = try OutputWriter(outputFolder: output)
            try writer.write("<h1>new</h1>", to: "index.html")
            try writer.write("new item", to: "items/b/index.html")
            _ = try writer.commit()

            let files = try Self.snapshot(output)
            #expect(Set(files.keys) == ["index.html", "items/b/index.html", OutputFolder.manifestName])
            #expect(files["index.html"] == Data("<h1>new</h1>".utf8))
            #expect(files[OutputFolder.manifestName] == Data("index.html\nitems/b/index.html\n".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["public"])
        }
    }

    @Test("commit writes the pages' keys and every file in the manifest, and links what did not change")
    func commitWritesListsAndLinks() throws {
        try withScratchFolderSync { folder in
            let output = folder.url.appendingPathComponent("public")
            let first = Fingerprint.Digest(high: 0x0102_0304_0506_0708, low: 0x090a_0b0c_0d0e_0f10)
            let second = Fingerprint.Digest(high: 0xffff_0000_ffff_0000, low: 1)
            func build(secondPage: String, other: String = "a") throws -> [String: Data] {
                var writer = try OutputWriter(outputFolder: output)
                let store = writer.store
                store.makeFolders(for: ["items/é/index.html", "items/b/index.html"])
                let pages: [(PageName, Fingerprint.Digest, String)] = [
                    (.item(slug: "é"), first, "first"), (.item(slug: "b"), second, secondPage),
                ]
                for (page, key, text) in pages {
                    let changed = try store.write(key: key, to: page.path) { Array(text.utf8) }
                    try writer.record(page, changed: changed, key: key)
                }
                try writer.write("z", to: "z.txt")
                try writer.write(other, to: "a.txt")
                #expect(try writer.commit().leftUnchanged == false)
                return try Self.snapshot(output)
            }
            let files = try build(secondPage: "second")
            #expect(
                files[OutputFolder.manifestName]
                    == Data("items/é/index.html\nitems/b/index.html\na.txt\nz.txt\n".utf8))
            #expect(
                files[RenderKeys.fileName]
                    == Data(
                        ("0102030405060708090a0b0c0d0e0f10 items/é/index.html\n"
                            + "ffff0000ffff00000000000000000001 items/b/index.html\n").utf8))
            #expect(RenderKeys.load(from: output) == ["items/é/index.html": first, "items/b/index.html": second])

            // The same keys again, and another file changed so that the build is published: the pages are
            // linked from the previous build, not written.
            let before = try FileManager.default.attributesOfItem(atPath: output.path + "/items/é/index.html")
            let again = try build(secondPage: "not rendered: the key is the same", other: "changed")
            let after = try FileManager.default.attributesOfItem(atPath: output.path + "/items/é/index.html")
            #expect(again.filter { $0.key != "a.txt" } == files.filter { $0.key != "a.txt" })
            #expect(again["a.txt"] == Data("changed".utf8))
            #expect((before[.systemFileNumber] as? Int) == (after[.systemFileNumber] as? Int))
        }
    }

    @Test("discard leaves the previous output byte-identical")
    func discardKeepsPrevious() throws {
        try withScratchFolderSync { folder in
            let output = folder.url.appendingPathComponent("public")
            try Self.commitFirstBuild(to: output)
            let before = try Self.snapshot(output)
            #expect(before.count == 4)

            var writer = try OutputWriter(outputFolder: output)
            try writer.write("<h1>new</h1>", to: "index.html")
            try writer.write("partial", to: "items/c/index.html")
            writer.discard()

            #expect(try Self.snapshot(output) == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["public"])
        }
    }

    @Test("a build that is never committed or discarded leaves the previous output untouched")
    func abandonedBuildKeepsPrevious() throws {
        try withScratchFolderSync { folder in
            let output = folder.url.appendingPathComponent("public")
            try Self.commitFirstBuild(to: output)
            let before = try Self.snapshot(output)
            var writer = try OutputWriter(outputFolder: output)
            try writer.write("<h1>new</h1>", to: "index.html")
            #expect(try Self.snapshot(output) == before)
            writer.discard()
        }
    }

    @Test("commit refuses a foreign folder that appeared at the output during the build")
    func commitRechecksOutput() throws {
        try withScratchFolderSync { folder in
            let output = folder.url.appendingPathComponent("public")
            var writer = try OutputWriter(outputFolder: output)
            try writer.write("new", to: "index.html")
            try folder.write("precious", to: "public/notes.txt")
            var refused = false
            do {
                _ = try writer.commit()
            } catch is OutputError {
                refused = true
            }
            #expect(refused)
            // The commit that failed removed its staging folder itself: only the foreign folder is left.
            #expect(try Self.snapshot(output) == ["notes.txt": Data("precious".utf8)])
            #expect(folder.allPaths() == ["public", "public/notes.txt"])
        }
    }
}
