import Foundation
import ScrolleryTestSupport
import Testing

@testable import ScrolleryIO

/// A whole new file written with plain system calls: its bytes, never over another file, and the system's
/// error (the HTTP cache makes its folder on `ENOENT`).
@Suite("New files")
struct NewFileTests {
    @Test("a new file holds exactly the bytes given, an empty one none")
    func writes() throws {
        try withScratchFolderSync { folder in
            let bytes = Data("Ærøskøbing — 東京 🌸\n\u{0}".utf8) + Data(repeating: 0xFF, count: 300_000)
            let path = folder.url.appendingPathComponent("entry").path
            try NewFile.write(bytes, atPath: path)
            #expect(FileManager.default.contents(atPath: path) == bytes)
            let empty = folder.url.appendingPathComponent("empty").path
            try NewFile.write(Data(), atPath: empty)
            #expect(FileManager.default.contents(atPath: empty) == Data())
        }
    }

    @Test("an existing file is left as it was, and a missing folder is ENOENT")
    func refuses() throws {
        try withScratchFolderSync { folder in
            let path = folder.url.appendingPathComponent("entry").path
            try NewFile.write(Data("first".utf8), atPath: path)
            #expect(throws: POSIXFailure.self) { try NewFile.write(Data("second".utf8), atPath: path) }
            #expect(FileManager.default.contents(atPath: path) == Data("first".utf8))
            let missing = folder.url.appendingPathComponent("no/such/folder/entry").path
            let failure = #expect(throws: POSIXFailure.self) { try NewFile.write(Data("x".utf8), atPath: missing) }
            #expect(failure?.errno == ENOENT)
        }
    }

    @Test("a full disk is told apart from other failures, with where to look")
    func fullDisk() throws {
        // /dev/full fails every write with ENOSPC, as a disk without room or without inodes does.
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let failure = #expect(throws: POSIXFailure.self) {
            try Data("a page".utf8).withUnsafeBytes { try POSIXFailure.writeAll($0, to: descriptor) }
        }
        #expect(failure?.errno == ENOSPC)
        #expect(failure?.problem.hasPrefix(String(cString: strerror(ENOSPC))) == true)
        #expect(failure?.problem.contains("`df -i`") == true)
        #expect(POSIXFailure(errno: ENOENT).problem == String(cString: strerror(ENOENT)))
    }
}
