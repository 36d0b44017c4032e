import Foundation
import ScrolleryTestSupport
import Testing

@testable import ScrolleryIO

/// Local files are read whole: the size `fstat` gives in place, and whatever the file holds past it (a
/// file that grew, or one whose size the system does not say), up to the size limit.
@Suite("Local files")
struct LocalFileFetcherTests {
    @Test("files of every size around the read buffer come back byte for byte")
    func wholeFiles() async throws {
        try await withScratchFolder { folder in
            let fetcher = LocalFileFetcher(siteFolder: folder.url)
            var generator = SeededGenerator(seed: 25)
            for size in [0, 1, 4_095, 4_096, 4_097, 65_536, 1_000_003] {
                let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let name = "file-\(size).json"
                try Data(bytes).write(to: folder.url.appendingPathComponent(name))
                let response = try await fetcher.fetch(FetchRequest(name))
                #expect(response.body == Data(bytes), "\(size) bytes")
            }
        }
    }

    @Test("a file whose size the system does not say is read to its end, and refused past the limit")
    func sizeNotSaid() async throws {
        // /proc files are regular files of size 0 that hold text when read.
        var info = stat()
        try #require(stat("/proc/self/status", &info) == 0 && info.st_size == 0)
        let fetcher = LocalFileFetcher(siteFolder: URL(fileURLWithPath: "/"), maxBodySize: 1 << 20)
        let status = try await fetcher.fetch(FetchRequest("/proc/self/status"))
        let text = String(decoding: status.body, as: UTF8.self)
        #expect(text.hasPrefix("Name:"))
        #expect(text.contains("\nVmHWM:"))
        #expect(status.body.count > 512)
        let small = LocalFileFetcher(siteFolder: URL(fileURLWithPath: "/"), maxBodySize: 64)
        do {
            _ = try await small.fetch(FetchRequest("/proc/self/status"))
            Issue.record("a file read past the limit should be refused")
        } catch {
            #expect(error.kind == .tooLarge)
        }
    }
}
