import Foundation
import ScrolleryTestSupport
import Testing

@testable import Scrollery
@testable import ScrolleryPreview
@testable import ScrolleryTestSites

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The preview is a preview, not an open door: loopback only, regular files inside the output only,
/// GET and HEAD only, no redirect to another host, and no connection can hold it forever.
@Suite("The preview server refuses what it must", .timeLimit(.minutes(2)))
struct PreviewSafetyTests {
    @Test("listens on 127.0.0.1 unless told otherwise, and says so")
    func loopbackByDefault() async throws {
        #expect(PreviewOptions().host == "127.0.0.1")
        let site = try SiteFixture.numbered(3)
        defer { site.remove() }
        // The address shown is the one the socket is bound to.
        let host = try await ServeTests.withPreview(site) { url in url.host }
        #expect(host == "127.0.0.1")
        // The command's default is the same.
        let help = try await ScrolleryCommand.run(["serve", "--help"])
        #expect(help.stdout.contains("default: 127.0.0.1"))
    }

    @Test("serves only regular files inside the output: no symlink out, no FIFO, socket or device")
    func onlyRegularFilesInside() async throws {
        let site = try SiteFixture.numbered(6)
        defer { site.remove() }
        let outside = try ScratchFolder()
        defer { outside.remove() }
        try outside.write("<p>SECRET PAGE</p>", to: "index.html")
        try outside.write("SECRET FILE", to: "secret.txt")
        try await ServeTests.withPreview(site) { url in
            let output = site.output.path
            let links = [
                "passwd.txt": "/etc/passwd", "secret.txt": outside.url.path + "/secret.txt",
                "elsewhere": outside.url.path, "zero.bin": "/dev/zero", "inside.css": output + "/assets/style.css",
            ]
            for (name, target) in links {
                try FileManager.default.createSymbolicLink(atPath: output + "/" + name, withDestinationPath: target)
            }
            #expect(mkfifo(output + "/pipe.txt", 0o644) == 0)
            try FileManager.default.createDirectory(atPath: output + "/fifo-folder", withIntermediateDirectories: true)
            #expect(mkfifo(output + "/fifo-folder/index.html", 0o644) == 0)
            try FileManager.default.createDirectory(atPath: output + "/linked-index", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: output + "/linked-index/index.html", withDestinationPath: outside.url.path + "/index.html")
            let socketFile = try UnixSocketFile(path: output + "/socket.txt")
            defer { socketFile.remove() }

            let base = url.absoluteString
            let inside = try await Self.get(base + "inside.css")
            #expect(inside.status == 200 && inside.contentType.hasPrefix("text/css"))
            for path in [
                "passwd.txt", "secret.txt", "elsewhere/", "elsewhere/secret.txt", "zero.bin", "pipe.txt",
                "fifo-folder/", "linked-index/", "socket.txt",
            ] {
                let started = ContinuousClock.now
                let response = try await Self.get(base + path)
                #expect(response.status == 404, "\(path)")
                #expect(!response.body.contains("root:") && !response.body.contains("SECRET"), "\(path)")
                #expect(ContinuousClock.now - started < .seconds(5), "\(path) answered late")
            }
            // The site's own 404 page is held to the same rule.
            try FileManager.default.removeItem(atPath: output + "/404.html")
            try FileManager.default.createSymbolicLink(atPath: output + "/404.html", withDestinationPath: "/etc/passwd")
            let missing = try await Self.get(base + "no/such/page/")
            #expect(missing.status == 404 && !missing.body.contains("root:"))
            // Nothing got stuck: the server still answers.
            #expect(try await Self.get(base).status == 200)
        }
    }

    @Test("answers 405 with Allow: GET, HEAD to every other method; HEAD has the headers and no body")
    func onlyGetAndHead() async throws {
        let site = try SiteFixture.numbered(3)
        defer { site.remove() }
        try await ServeTests.withPreview(site) { url in
            let port = try #require(url.port)
            for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "PROPFIND"] {
                for path in ["/", "/index.html", "/__scrollery/events", "/no/such/file"] {
                    let response = try await RawConnection.request(method, path, port: port)
                    #expect(response.status == 405, "\(method) \(path)")
                    #expect(response.header("Allow") == "GET, HEAD", "\(method) \(path)")
                }
            }
            let head = try await RawConnection.request("HEAD", "/", port: port)
            #expect(head.status == 200)
            #expect(head.header("Content-Type") == "text/html; charset=utf-8")
            #expect(Int(head.header("Content-Length") ?? "") ?? 0 > 0)
            #expect(head.body.isEmpty)
            let get = try await RawConnection.request("GET", "/", port: port)
            #expect(get.status == 200 && get.body.contains("data-position=\"1\""))
        }
    }

    @Test("repeated slashes fold into one, redirects stay on this server, and traversal is refused")
    func noOpenRedirect() async throws {
        let site = try SiteFixture.numbered(12)
        defer { site.remove() }
        try await ServeTests.withPreview(site) { url in
            let port = try #require(url.port)
            // Folders named like hosts, to redirect to if anything could.
            for name in ["evil.example", "\\evil.example"] {
                try FileManager.default.createDirectory(
                    atPath: site.output.path + "/" + name, withIntermediateDirectories: true)
            }
            let redirects = [
                "//page/2": "/page/2/", "///page//2": "/page/2/", "/page/2": "/page/2/",
                "//evil.example": "/evil.example/", "///evil.example": "/evil.example/",
                "/%5Cevil.example": "/%5Cevil.example/", "//%5Cevil.example": "/%5Cevil.example/",
            ]
            for (target, location) in redirects {
                let response = try await RawConnection.request("GET", target, port: port)
                #expect(response.status == 302, "\(target)")
                #expect(response.header("Location") == location, "\(target)")
            }
            for target in ["//page/2/", "//page//2/", "/page///2/"] {
                let response = try await RawConnection.request("GET", target, port: port)
                #expect(response.status == 200 && response.body.contains("data-position=\"6\""), "\(target)")
            }
            for attack in [
                "/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/items/..%2f..%2f..%2fetc%2fpasswd",
                "//..//..//etc/passwd", "/page%2f2/", "/%2fetc/passwd", "/./index.html",
            ] {
                let response = try await RawConnection.request("GET", attack, port: port)
                #expect(response.status == 404 || response.status == 400, "\(attack)")
                #expect(response.header("Location") == nil, "\(attack)")
                #expect(!response.body.contains("root:"), "\(attack)")
            }
        }
        try await ServeTests.withPreview(site, baseURL: "/gallery/") { url in
            let port = try #require(url.port)
            for (target, location) in [
                "//": "/gallery/", "//gallery": "/gallery/", "//gallery//page/2": "/gallery/page/2/",
            ] {
                let response = try await RawConnection.request("GET", target, port: port)
                #expect(response.status == 302 && response.header("Location") == location, "\(target)")
            }
        }
    }

    @Test("a connection that sends no complete request is closed after the idle timeout; event streams stay")
    func idleConnectionsClosed() async throws {
        #expect(PreviewOptions().idleTimeout == .seconds(10))
        let site = try SiteFixture.numbered(3)
        defer { site.remove() }
        try await ServeTests.withPreview(site, adjust: { $0.idleTimeout = .seconds(1) }) { url in
            let port = try #require(url.port)
            let silent = try RawConnection(port: port)
            defer { silent.closeConnection() }
            let half = try RawConnection(port: port)
            defer { half.closeConnection() }
            try await half.sendText("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            let events = try RawConnection(port: port)
            defer { events.closeConnection() }
            try await events.sendText("GET /__scrollery/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let started = ContinuousClock.now
            let silentEnd = await silent.receive(within: .seconds(8))
            #expect(silentEnd.closed && silentEnd.text.isEmpty)
            let halfEnd = await half.receive(within: .seconds(8))
            #expect(halfEnd.closed)
            #expect(ContinuousClock.now - started < .seconds(8))
            // The page listening for reloads is still connected, well past the timeout.
            let stream = await events.receive(within: .milliseconds(500))
            #expect(!stream.closed && stream.text.contains(": connected"))
        }
    }

    @Test("connections past the limit wait until others close; the preview keeps serving")
    func connectionLimit() async throws {
        #expect(PreviewOptions().maxConnections == 256)
        let site = try SiteFixture.numbered(3)
        defer { site.remove() }
        try await ServeTests.withPreview(
            site,
            adjust: {
                $0.maxConnections = 4
                $0.idleTimeout = .seconds(4)
            }
        ) { url in
            let port = try #require(url.port)
            // Four connections, each answered once and kept open: they hold the limit.
            let held = try (0..<4).map { _ in try RawConnection(port: port) }
            defer { for connection in held { connection.closeConnection() } }
            for connection in held {
                try await connection.sendText("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let answered = await connection.receive(within: .seconds(10), until: "</html>")
                #expect(answered.status == 200 && !answered.closed)
            }
            let waiting = try RawConnection(port: port)
            defer { waiting.closeConnection() }
            try await waiting.sendText("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            // The limit is reached: the request waits in the queue, unanswered…
            let early = await waiting.receive(within: .milliseconds(800))
            #expect(early.text.isEmpty && !early.closed)
            // …until the held connections time out idle and are closed, and then it is answered.
            let late = await waiting.receive(within: .seconds(30))
            #expect(late.status == 200 && late.body.contains("data-position=\"1\""))
        }
    }

    static func get(_ url: String) async throws -> ServeTests.Fetched {
        try await ServeTests.get(url)
    }
}

/// A Unix domain socket bound at a path (a socket file), for as long as it is not removed.
private struct UnixSocketFile {
    let descriptor: Int32
    let path: String

    init(path: String) throws {
        #if canImport(Glibc)
            descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        self.path = path
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard descriptor >= 0, bytes.count < capacity else {
            throw RawConnection.Failure(description: "cannot make a socket at \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw RawConnection.Failure(description: "cannot bind a socket at \(path)") }
    }

    func remove() {
        close(descriptor)
        unlink(path)
    }
}
