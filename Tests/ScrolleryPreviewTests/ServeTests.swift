import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryPreview
@testable import ScrolleryTestSites

/// `scrollery serve` in-process on port 0, spoken to over real HTTP.
@Suite("The preview server")
struct ServeTests {
    /// Runs a preview of `site` for the duration of `body`, which gets the site's URL.
    static func withPreview<T: Sendable>(
        _ site: SiteFixture, baseURL: String? = nil, port: Int = 0, latency: Duration = .zero, failRate: Double = 0,
        adjust: (inout PreviewOptions) -> Void = { _ in }, _ body: @Sendable (URL) async throws -> T
    ) async throws -> T {
        var options = PreviewOptions()
        options.port = port
        options.latency = latency
        options.failRate = failRate
        options.handlesSignals = false
        options.pollInterval = .milliseconds(100)
        options.debounce = .milliseconds(50)
        adjust(&options)
        let server = PreviewServer(
            siteFolder: site.folder, overrides: ConfigOverrides(baseURL: baseURL), options: options)
        let (ready, readyContinuation) = AsyncStream<URL>.makeStream()
        let running = Task { try await server.run { url in readyContinuation.yield(url) } }
        var iterator = ready.makeAsyncIterator()
        guard let url = await iterator.next() else {
            running.cancel()
            _ = try? await running.value
            throw CancellationError()
        }
        let result: Result<T, any Error>
        do {
            result = .success(try await body(url))
        } catch {
            result = .failure(error)
        }
        // The server (and any rebuild it runs) has stopped before the test removes the site.
        running.cancel()
        _ = try? await running.value
        return try result.get()
    }

    struct Fetched: Sendable {
        let status: Int
        let contentType: String
        let location: String
        let body: String
    }

    /// A client that shows redirects instead of following them; it lives as long as the test process.
    static let client = HTTPClient(
        eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))

    static func get(_ url: String) async throws -> Fetched {
        var request = HTTPClientRequest(url: url)
        request.method = .GET
        let response = try await client.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 10 << 20)
        return Fetched(
            status: Int(response.status.code), contentType: response.headers.first(name: "content-type") ?? "",
            location: response.headers.first(name: "location") ?? "", body: String(buffer: body))
    }

    /// Opens the event stream and returns the text received until `until` appears (or the time runs out).
    static func events(_ base: URL, until marker: String, after action: @escaping @Sendable () async throws -> Void)
        async throws -> String
    {
        let origin = "\(base.scheme ?? "http")://\(base.host ?? "127.0.0.1"):\(base.port ?? 80)"
        let request = HTTPClientRequest(url: origin + "/__scrollery/events")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        #expect(response.headers.first(name: "content-type") == "text/event-stream")
        // The server subscribes the stream before it answers, and says so first (": connected").
        let (connected, connectedContinuation) = AsyncStream<Void>.makeStream()
        let reader = Task {
            defer { connectedContinuation.finish() }
            var text = ""
            for try await chunk in response.body {
                text += String(buffer: chunk)
                if text.contains(": connected") { connectedContinuation.yield() }
                if text.contains(marker) { break }
            }
            return text
        }
        var connections = connected.makeAsyncIterator()
        _ = await connections.next()
        try await action()
        let deadline = Task {
            try await Task.sleep(for: .seconds(20))
            reader.cancel()
        }
        defer { deadline.cancel() }
        return try await reader.value
    }

    @Test("serves pages, assets and the 404 page with the right types, and refuses traversal")
    func servesFiles() async throws {
        let site = try SiteFixture.numbered(12)
        defer { site.remove() }
        try await Self.withPreview(site) { url in
            let base = url.absoluteString
            let index = try await Self.get(base)
            #expect(index.status == 200)
            #expect(index.contentType == "text/html; charset=utf-8")
            #expect(index.body.contains("data-position=\"1\""))
            #expect(index.body.contains("/__scrollery/events"))
            let page = try await Self.get(base + "page/2/")
            #expect(page.status == 200 && page.body.contains("data-position=\"6\""))
            let folder = try await Self.get(base + "page/2")
            #expect(folder.status == 302 && folder.location == "/page/2/")
            let css = try await Self.get(base + "assets/style.css")
            #expect(css.status == 200 && css.contentType.hasPrefix("text/css"))
            let js = try await Self.get(base + "assets/scrollery.js")
            #expect(js.status == 200 && js.contentType.contains("javascript"))
            // The names the pages use: fingerprinted, the same bytes.
            let fingerprinted = try await Self.get(base + assetURL("style.css").dropFirst())
            #expect(fingerprinted.status == 200 && fingerprinted.contentType.hasPrefix("text/css"))
            #expect(fingerprinted.body == css.body && index.body.contains(assetURL("style.css")))
            let missing = try await Self.get(base + "no/such/page/")
            #expect(missing.status == 404)
            #expect(missing.body.contains("<html"))
            for attack in [
                "../../../../etc/passwd", "%2e%2e/%2e%2e/%2e%2e/etc/passwd", "items/..%2f..%2f..%2fetc%2fpasswd",
            ] {
                let response = try await Self.get(base + attack)
                #expect(response.status == 404 || response.status == 400, "\(attack)")
                #expect(!response.body.contains("root:"), "\(attack)")
            }
            // The preview script is only in served pages, never in the build's files.
            #expect(!(try site.read("index.html")).contains("data-scrollery-preview"))
        }
    }

    @Test("a changed template rebuilds the site and sends a reload event")
    func reloadsOnChange() async throws {
        let site = try SiteFixture.numbered(6)
        defer { site.remove() }
        try await Self.withPreview(site) { url in
            let templates = site.folder.appendingPathComponent("templates")
            let text = try await Self.events(url, until: "event: reload") {
                try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
                try "<article data-position=\"{{position}}\">EDITED {{title}}</article>\n".write(
                    to: templates.appendingPathComponent("card.mustache"), atomically: true, encoding: .utf8)
            }
            #expect(text.contains("event: reload"))
            let index = try await Self.get(url.absoluteString)
            #expect(index.body.contains("EDITED Item 1"))
        }
    }

    @Test("a broken config sends the error to the page, and the last good build is still served")
    func showsBuildErrors() async throws {
        let site = try SiteFixture.numbered(6)
        defer { site.remove() }
        try await Self.withPreview(site) { url in
            let config = site.folder.appendingPathComponent("scrollery.yml")
            let text = try await Self.events(url, until: "event: build-error") {
                let yaml = try String(contentsOf: config, encoding: .utf8)
                try yaml.replacingOccurrences(of: "pageSize: 5", with: "pageSize: many").write(
                    to: config, atomically: true, encoding: .utf8)
            }
            #expect(text.contains("event: build-error"))
            #expect(text.contains("pageSize"))
            let index = try await Self.get(url.absoluteString)
            #expect(index.status == 200)
            #expect(index.body.contains("data-position=\"5\""))
            #expect(index.body.contains("Rebuild failed."))
            #expect(index.body.contains("pageSize"))
        }
    }

    @Test("a site with a sub-path base URL is served under that path")
    func subPath() async throws {
        let site = try SiteFixture.numbered(12)
        defer { site.remove() }
        try await Self.withPreview(site, baseURL: "/gallery/") { url in
            #expect(url.absoluteString.hasSuffix("/gallery/"))
            let origin = "http://\(url.host ?? "127.0.0.1"):\(url.port ?? 0)"
            let index = try await Self.get(origin + "/gallery/")
            #expect(index.status == 200 && index.body.contains("href=\"/gallery/page/2/\""))
            #expect(try await Self.get(origin + "/gallery/page/2/").status == 200)
            #expect(try await Self.get(origin + "/gallery/assets/style.css").status == 200)
            let root = try await Self.get(origin + "/")
            #expect(root.status == 302 && root.location == "/gallery/")
            #expect(try await Self.get(origin + "/page/2/").status == 404)
        }
    }

    @Test("a port in use is a clear error")
    func portInUse() async throws {
        let site = try SiteFixture.numbered(3)
        defer { site.remove() }
        try await Self.withPreview(site) { url in
            var options = PreviewOptions()
            options.port = url.port ?? 0
            options.handlesSignals = false
            let second = PreviewServer(siteFolder: site.folder, options: options)
            do {
                try await second.run()
                Issue.record("the second server should not start")
            } catch {
                #expect("\(error)".contains("already in use"))
                #expect("\(error)".contains("--port 0"))
            }
        }
    }

    @Test("scrollery serve: Ctrl-C shuts down cleanly, even with a page listening for reloads")
    func interruptCommand() async throws {
        let site = try SiteFixture.numbered(6)
        defer { site.remove() }
        let process = Process()
        process.executableURL = try ScrolleryCommand.executable()
        process.arguments = ["serve", site.folder.path, "--port", "0"]
        let errors = Pipe()
        let (output, outputContinuation) = AsyncStream<Data>.makeStream()
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { outputContinuation.finish() } else { outputContinuation.yield(data) }
        }
        defer { errors.fileHandleForReading.readabilityHandler = nil }
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let (ended, endedContinuation) = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { endedContinuation.yield($0.terminationStatus) }
        try process.run()
        // The address, from the line `Serving http://127.0.0.1:PORT/ …` once it is printed.
        var text = ""
        var address: String?
        for await data in output {
            text += String(decoding: data, as: UTF8.self)
            let rest = text.components(separatedBy: "Serving ").dropFirst().first
            if let rest, rest.contains(" ") || rest.contains("\n") {
                address = rest.components(separatedBy: .whitespacesAndNewlines).first
                break
            }
        }
        let url = try #require(address.flatMap(URL.init(string:)))
        let (open, openContinuation) = AsyncStream<Void>.makeStream()
        let listening = Task { try await Self.events(url, until: "never sent") { openContinuation.yield() } }
        var opened = open.makeAsyncIterator()
        _ = await opened.next()
        let started = ContinuousClock.now
        process.interrupt()
        var iterator = ended.makeAsyncIterator()
        let status = await iterator.next()
        listening.cancel()
        #expect(status == 0)
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test("--latency slows every page and --fail-rate 1 fails every page, but not the event stream")
    func latencyAndFailures() async throws {
        let site = try SiteFixture.numbered(3)
        defer { site.remove() }
        try await Self.withPreview(site, latency: .milliseconds(300)) { url in
            let started = ContinuousClock.now
            let page = try await Self.get(url.absoluteString)
            #expect(page.status == 200)
            #expect(ContinuousClock.now - started >= .milliseconds(300))
        }
        try await Self.withPreview(site, failRate: 1) { url in
            let failed = try await Self.get(url.absoluteString)
            #expect(failed.status == 500)
            #expect(failed.body.contains("--fail-rate"))
            let text = try await Self.events(url, until: "connected") {}
            #expect(text.contains(": connected"))
        }
    }
}
