import Foundation
import ScrolleryTestSupport
import Testing

@testable import ScrolleryIO

/// A whole new file written with plain system calls: its bytes, never over another file, and the system's
/// error (the HTTP cache makes its folder on `ENOENT`).
@Suite("New files")
struct NewFileTests {
    @Test("a new file holds exactly the bytes given, head then tail, an empty one none")
    func writes() throws {
        try withScratchFolderSync { folder in
            let open = try OpenFolder(folder.url.path)
            let head = Array("Ærøskøbing — 東京 🌸\n\u{0}".utf8)
            let tail = Data(repeating: 0xFF, count: 300_000)
            for (name, head, tail) in [
                ("entry", head, tail), ("head", head, Data()), ("tail", [], tail), ("empty", [], Data()),
            ] {
                try NewFile.write(head, tail, in: open, atPath: name)
                #expect(FileManager.default.contents(atPath: open.path + "/" + name) == Data(head) + tail)
            }
        }
    }

    @Test("an existing file is left as it was, and a missing folder is ENOENT")
    func refuses() throws {
        try withScratchFolderSync { folder in
            let open = try OpenFolder(folder.url.path)
            try NewFile.write(Array("first".utf8), Data(), in: open, atPath: "entry")
            #expect(throws: POSIXFailure.self) {
                try NewFile.write(Array("second".utf8), Data(), in: open, atPath: "entry")
            }
            #expect(FileManager.default.contents(atPath: open.path + "/entry") == Data("first".utf8))
            let failure = #expect(throws: POSIXFailure.self) {
                try NewFile.write(Array("x".utf8), Data(), in: open, atPath: "no/such/folder/entry")
            }
            #expect(failure?.errno == ENOENT)
        }
    }

    @Test("a short or interrupted vector write is finished by plain writes, at every length it can stop at")
    func shortWrites() throws {
        try withScratchFolderSync { folder in
            let head = Array("{\"digest\":\"é\"}\n".utf8)
            let tail = Array("東京 🌸".utf8)
            let whole = head + tail
            for stop in -1...whole.count {
                let path = folder.url.appendingPathComponent("entry-\(stop)").path
                let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
                try #require(descriptor >= 0)
                // A stand-in for writev that writes only the first `stop` bytes, or none and EINTR at -1.
                let shortened: (Int32, UnsafePointer<iovec>, Int32) -> Int = { descriptor, _, _ in
                    guard stop >= 0 else {
                        errno = EINTR
                        return -1
                    }
                    return whole.withUnsafeBytes { write(descriptor, $0.baseAddress, stop) }
                }
                try head.withUnsafeBytes { head in
                    try tail.withUnsafeBytes { tail in
                        try POSIXFailure.writeAll(head, tail, to: descriptor, vectorWrite: shortened)
                    }
                }
                close(descriptor)
                #expect(FileManager.default.contents(atPath: path) == Data(whole), "stopped at \(stop)")
            }
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
        let both = #expect(throws: POSIXFailure.self) {
            try Data("a header".utf8).withUnsafeBytes { head in
                try Data("a body".utf8).withUnsafeBytes { try POSIXFailure.writeAll(head, $0, to: descriptor) }
            }
        }
        #expect(both?.errno == ENOSPC)
        #expect(failure?.problem.hasPrefix(String(cString: strerror(ENOSPC))) == true)
        #expect(failure?.problem.contains("`df -i`") == true)
        #expect(POSIXFailure(errno: ENOENT).problem == String(cString: strerror(ENOENT)))
    }
}
