import Foundation
import ScrolleryTestSupport
import Testing

@testable import ScrolleryIO

/// A whole file read with plain system calls: every byte of a regular file to its end; a folder, a FIFO or a
/// file past its limit refused without blocking (the HTTP cache takes any failure as no entry).
@Suite("Whole files")
struct WholeFileTests {
    @Test("a file is read whole, at every size about a buffer's edge", arguments: [0, 1, 4095, 4096, 4097, 300_001])
    func reads(size: Int) throws {
        try withScratchFolderSync { folder in
            let text = Data("Ærøskøbing — 東京 🌸\n\u{0}".utf8)
            let bytes = Data((0..<size).map { text[$0 % text.count] })
            let path = folder.url.appendingPathComponent("entry").path
            try bytes.write(to: URL(fileURLWithPath: path))
            #expect(try WholeFile.read(atPath: path) == bytes)
            #expect(try WholeFile.read(atPath: "entry", in: OpenFolder(folder.url.path)) == bytes)
        }
    }

    @Test("a file larger than its size says (a kernel's file) is read to its end")
    func beyondItsSize() throws {
        let path = "/proc/self/status"
        var status = stat()
        try #require(stat(path, &status) == 0 && status.st_size == 0)
        let text = String(decoding: try WholeFile.read(atPath: path), as: UTF8.self)
        #expect(text.hasPrefix("Name:"))
        #expect(text.contains("\nPid:\t\(ProcessInfo.processInfo.processIdentifier)\n"))
    }

    @Test("no such file is ENOENT; a folder and a FIFO are refused as they are, without blocking")
    func failures() throws {
        try withScratchFolderSync { folder in
            let missing = #expect(throws: WholeFile.Failure.self) {
                try WholeFile.read(atPath: folder.url.appendingPathComponent("none").path)
            }
            guard case .system(let failure)? = missing else {
                Issue.record("a missing file gave \(String(describing: missing))")
                return
            }
            #expect(failure.errno == ENOENT)
            let isFolder = #expect(throws: WholeFile.Failure.self) { try WholeFile.read(atPath: folder.url.path) }
            #expect(isFolder?.problem == "is a folder, not a regular file")
            // No process writes to it: opening it to read would wait forever.
            let fifo = folder.url.appendingPathComponent("pipe").path
            try #require(mkfifo(fifo, 0o600) == 0)
            let isFIFO = #expect(throws: WholeFile.Failure.self) { try WholeFile.read(atPath: fifo) }
            #expect(isFIFO?.problem == "is a FIFO (named pipe), not a regular file")
        }
    }

    @Test("a file past the limit is refused by its size, and one that grows past it as it is read")
    func limit() throws {
        try withScratchFolderSync { folder in
            let path = folder.url.appendingPathComponent("entry").path
            try Data(repeating: 0x41, count: 100).write(to: URL(fileURLWithPath: path))
            #expect(try WholeFile.read(atPath: path, limit: 100).count == 100)
            let bySize = #expect(throws: WholeFile.Failure.self) { try WholeFile.read(atPath: path, limit: 99) }
            #expect(bySize?.problem == "is larger than its limit")
        }
        // Its size says 0, and it holds more than 10 bytes.
        let grown = #expect(throws: WholeFile.Failure.self) {
            try WholeFile.read(atPath: "/proc/self/status", limit: 10)
        }
        #expect(grown?.problem == "is larger than its limit")
    }
}
