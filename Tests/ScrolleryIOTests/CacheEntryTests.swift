import Foundation
import ScrolleryTestSupport
import Testing

@testable import ScrolleryIO

/// A cache entry reads back exactly what was stored, with the build's own parser, and its file keeps the
/// name earlier builds gave it (a persisted cache stays valid).
@Suite("Cache entries")
struct CacheEntryTests {
    @Test("an entry reads back its URL, status, headers, time and body")
    func roundTrip() throws {
        let response = FetchResponse(
            body: Data("{\"title\": \"Ærøskøbing — 東京 🌸\"}\n\u{0}".utf8), status: 200,
            headers: [
                "etag": #"W/"a\"b""#, "content-type": "application/json; charset=utf-8",
                "link": #"<https://api.example/list?page=2&q=é>; rel="next""#, "x-not-kept": "1",
            ],
            location: "https://api.example/list?page=1")
        for storedAt in [0, 1_763_912_345.125, 1_763_912_345.123456789, 4_102_444_800.5] {
            let entry = CachedResponse(
                url: "https://api.example/list?page=1&name=Łódź%20\u{2028}/\\", response: response,
                storedAt: Date(timeIntervalSince1970: storedAt))
            let read = try #require(CachedResponse(encoded: entry.encoded()))
            #expect(read.header.url == entry.header.url)
            #expect(read.header.status == 200)
            #expect(read.header.headers == entry.header.headers)
            #expect(read.header.headers["x-not-kept"] == nil)
            #expect(read.header.storedAt == entry.header.storedAt)
            #expect(read.header.digest == CachedResponse.digest(of: response.body))
            #expect(read.body == response.body)
        }
    }

    @Test("the header line is the same bytes as Foundation's JSONEncoder writes, so stored entries stay the same")
    func sameBytesAsJSONEncoder() throws {
        let controls = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        let texts = [
            "https://api.example/list?page=1", #"W/"a\"b""#, "Łódź 東京 🌸 \u{2028}\u{7F}", controls, "a/b\\c", "",
        ]
        for (index, text) in texts.enumerated() {
            for storedAt in [0, 1_763_912_345, 1_763_912_345.125, 1_763_912_345.123456789, 4_102_444_800.5, -1.5] {
                let response = FetchResponse(
                    body: Data("body \(index)".utf8), status: 200 + index,
                    headers: ["link": text, "etag": "\"\(index)\"", "content-type": "application/json", "x": "y"],
                    location: text)
                let entry = CachedResponse(
                    url: text, response: response, storedAt: Date(timeIntervalSince1970: storedAt))
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                var header = entry.header
                header.digest = CachedResponse.digest(of: entry.body)
                let expected = try encoder.encode(header) + Data("\n".utf8) + entry.body
                let written = entry.encoded()
                #expect(
                    written == expected,
                    "\(String(decoding: written, as: UTF8.self)) against \(String(decoding: expected, as: UTF8.self))")
            }
        }
    }

    @Test("an entry whose body is not the one its digest names is no entry; one without a digest still is")
    func digest() throws {
        let response = FetchResponse(
            body: Data(#"{"title": "Ærøskøbing — 東京 🌸"}"#.utf8), status: 200, headers: [:],
            location: "https://api.example/item/1")
        var entry = CachedResponse(
            url: "https://api.example/item/1", response: response, storedAt: Date(timeIntervalSince1970: 0))
        let encoded = entry.encoded()
        #expect(CachedResponse(encoded: encoded)?.body == response.body)
        // A power cut can leave the file short, or of its size with blocks of zeros or of older bytes.
        #expect(CachedResponse(encoded: encoded.dropLast()) == nil)
        #expect(CachedResponse(encoded: encoded.dropLast(response.body.count)) == nil)
        #expect(CachedResponse(encoded: encoded + Data("x".utf8)) == nil)
        var zeroed = encoded
        zeroed.replaceSubrange(zeroed.count - 4..<zeroed.count, with: Data(count: 4))
        #expect(CachedResponse(encoded: zeroed) == nil)
        // The digest is the body's when it is encoded, whatever the entry held before (a 304 renews one).
        entry.body = Data("renewed".utf8)
        #expect(CachedResponse(encoded: entry.encoded())?.body == Data("renewed".utf8))
        // Entries stored before the digest was kept.
        let older = Data((#"{"headers":{},"status":200,"storedAt":0,"url":"u"}"# + "\nbody").utf8)
        #expect(CachedResponse(encoded: older)?.body == Data("body".utf8))
        #expect(CachedResponse(encoded: older)?.header.digest == nil)
    }

    @Test(
        "a line that is not a header is no entry",
        arguments: [
            "", "\n", "{}\nbody", #"{"url": 1, "status": 200, "headers": {}, "storedAt": 0}"# + "\n",
            #"{"url": "u", "status": 200.5, "headers": {}, "storedAt": 0}"# + "\n",
            #"{"url": "u", "status": 200, "headers": {"etag": 1}, "storedAt": 0}"# + "\n",
            #"{"url": "u", "status": 200, "headers": {}}"# + "\n", "not json\nbody",
            #"{"url": "u", "status": 200, "headers": {}, "storedAt": 0, "digest": 4}"# + "\nbody",
        ])
    func notAnEntry(text: String) {
        #expect(CachedResponse(encoded: Data(text.utf8)) == nil)
    }

    @Test("an entry's file is named by the SHA-256 of its URL in lower-case hex, as before")
    func fileName() {
        let cache = HTTPCache(folder: URL(fileURLWithPath: "/cache"))
        // FIPS 180-2's test vectors.
        let digests = [
            "": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            "abc": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        ]
        for (location, digest) in digests {
            #expect(cache.file(for: location).path == "/cache/http/\(digest.prefix(2))/\(digest)")
        }
    }

    @Test("a half-written entry is no entry, and the next store replaces it whole")
    func halfWritten() async throws {
        try await withScratchFolder { scratch in
            let cache = HTTPCache(folder: scratch.url.appendingPathComponent("cache"))
            let location = "https://api.example/item/3"
            let entry = CachedResponse(
                url: location,
                response: FetchResponse(
                    body: Data(#"{"title": "Ærøskøbing — 東京 🌸"}"#.utf8), status: 200, headers: [:],
                    location: location),
                storedAt: Date(timeIntervalSince1970: 0))
            let whole = entry.encoded()
            let file = cache.file(for: location)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Cut in the header line, at its newline, and in the body: what a killed build leaves, or what
            // another build sharing the cache reads while the entry is written. An entry that keeps a 404
            // has no body: cut anywhere, it has no newline.
            let newline = try #require(whole.firstIndex(of: UInt8(ascii: "\n")))
            let missing = CachedResponse(
                url: location, response: FetchResponse(body: Data(), status: 404, location: location),
                storedAt: Date(timeIntervalSince1970: 0)
            ).encoded()
            for cut in [whole.prefix(10), whole.prefix(newline), whole.prefix(newline + 1), whole.dropLast()]
                + [missing.prefix(1), missing.dropLast()]
            {
                try cut.write(to: file)
                #expect(cache.load(cache.slot(for: location), url: location) == nil)
            }
            try cache.store(entry, in: cache.slot(for: location))
            #expect(FileManager.default.contents(atPath: file.path) == whole)
            #expect(cache.load(cache.slot(for: location), url: location)?.body == entry.body)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == [
                    file.lastPathComponent
                ])
        }
    }

    @Test("a cache folder removed during a build is made again by the next store")
    func removedFolder() async throws {
        try await withScratchFolder { scratch in
            let folder = scratch.url.appendingPathComponent("cache")
            let cache = HTTPCache(folder: folder)
            for (number, removed) in [(1, false), (2, true), (3, false)] {
                let location = "https://api.example/item/\(number)"
                let entry = CachedResponse(
                    url: location,
                    response: FetchResponse(body: Data("body \(number)".utf8), status: 200, location: location),
                    storedAt: Date(timeIntervalSince1970: 0))
                if removed { try FileManager.default.removeItem(at: folder) }
                try cache.store(entry, in: cache.slot(for: location))
                #expect(cache.load(cache.slot(for: location), url: location)?.body == entry.body)
            }
        }
    }

    @Test("an entry is stored in place, or renamed there over another, leaving no temporary file; dead builds' go")
    func storeAndAbandoned() async throws {
        try await withScratchFolder { scratch in
            let cache = HTTPCache(folder: scratch.url.appendingPathComponent("cache"))
            let location = "https://api.example/item/2"
            for body in ["first", "second"] {
                // The second store replaces the first in the folder the first made.
                let entry = CachedResponse(
                    url: location,
                    response: FetchResponse(
                        body: Data(body.utf8), status: 200, headers: [:], location: location),
                    storedAt: Date(timeIntervalSince1970: 0))
                try cache.store(entry, in: cache.slot(for: location))
                #expect(FileManager.default.contents(atPath: cache.file(for: location).path) == entry.encoded())
                #expect(cache.load(cache.slot(for: location), url: location)?.body == Data(body.utf8))
            }
            let folder = cache.file(for: location).deletingLastPathComponent()
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder.path) == [
                    cache.file(for: location).lastPathComponent
                ])
            // A temporary file of a process that is gone (no process has an id past the kernel's limit) and
            // one of this process, still writing.
            let digest = cache.file(for: location).lastPathComponent
            let dead = folder.appendingPathComponent(".\(digest).99999999.deadbeef1.tmp")
            let live = folder.appendingPathComponent(
                ".\(digest).\(ProcessInfo.processInfo.processIdentifier).cafe2.tmp")
            for file in [dead, live] { try Data("half".utf8).write(to: file) }
            cache.removeAbandonedTemporaryFiles()
            #expect(!FileManager.default.fileExists(atPath: dead.path))
            #expect(FileManager.default.fileExists(atPath: live.path))
        }
    }

    @Test("a FIFO or a folder where an entry goes is no entry, and reading it does not block")
    func notAFile() throws {
        try withScratchFolderSync { scratch in
            let cache = HTTPCache(folder: scratch.url.appendingPathComponent("cache"))
            for (location, make) in [
                ("https://api.example/fifo", { (path: String) in mkfifo(path, 0o600) }),
                ("https://api.example/folder", { (path: String) in mkdir(path, 0o700) }),
            ] {
                let file = cache.file(for: location)
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try #require(make(file.path) == 0)
                #expect(cache.load(cache.slot(for: location), url: location) == nil)
            }
        }
    }
}
