import Foundation
import ScrolleryTestSupport
import Testing

@testable import ScrolleryIO

/// A whole file read with plain system calls: every byte to its end, and the system's error otherwise (the
/// HTTP cache takes any as no entry).
@Suite("Whole files")
struct WholeFileTests {
    @Test("a file is read whole, at every size about a buffer's edge", arguments: [0, 1, 4095, 4096, 4097, 300_001])
    func reads(size: Int) throws {
        try withScratchFolderSync { folder in
            let text = Data("Ærøskøbing — 東京 🌸\n\u{0}".utf8)
            let bytes = Data((0..<size).map { text[$0 % text.count] })
            let path = folder.url.appendingPathComponent("entry").path
            try NewFile.write(bytes, atPath: path)
            #expect(try WholeFile.read(atPath: path) == bytes)
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

    @Test("no such file is ENOENT, and a folder EISDIR")
    func failures() throws {
        try withScratchFolderSync { folder in
            let missing = #expect(throws: POSIXFailure.self) {
                try WholeFile.read(atPath: folder.url.appendingPathComponent("none").path)
            }
            #expect(missing?.errno == ENOENT)
            let isFolder = #expect(throws: POSIXFailure.self) { try WholeFile.read(atPath: folder.url.path) }
            #expect(isFolder?.errno == EISDIR)
        }
    }
}
