import Foundation
import Synchronization
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

/// A hostile or broken API: it may trickle, bomb, repeat itself, never end, ask for absurd waits or
/// redirect elsewhere. Each case ends with a clear result in bounded time, and the build goes on.
@Suite("Hostile APIs", .timeLimit(.minutes(2)))
struct HostileHTTPTests {
    static func config(
        _ base: String, source: String = "/list", paginate: String = "{ style: page, sizeParam: limit, size: 5 }",
        detail: String? = nil, extra: String = ""
    ) -> String {
        """
        title: Hostile
        pageSize: 10
        source:
          url: \(base)\(source)
          items: ""
          paginate: \(paginate)
        \(detail.map { "detail:\n  url: \(base)\($0)\n  concurrency: 4" } ?? "")
        item:
          id: "{{id}}"
          title: "{{title}}"
          description: "{{detail.description}}"
        \(extra)
        """
    }

    @Test("a body that trickles a byte at a time is cut by fetch.timeout, body included")
    func tricklingBody() async throws {
        let replica = Replica()
        try await replica.run(routes: { HostileReplica.register(on: $0) }) { base in
            let site = try RemoteSite(
                config: Self.config(
                    // 3 s: the source page itself must come within it on a loaded machine (1 s did not once).
                    base, detail: "/trickle/{{id}}", extra: "fetch: { timeout: 3s, retries: 0 }\ncache: { ttl: 0 }"))
            defer { site.remove() }
            let started = ContinuousClock.now
            let summary = try await site.build()
            // Bounded far below a hang (60 s and more), with room for a loaded 2-core machine (12 s seen).
            #expect(ContinuousClock.now - started < .seconds(30))
            #expect(summary.items == 5)
            #expect(summary.detailsFailed == 5)
            #expect(
                try site.read("index.html").contains("no response within 3.0 seconds (fetch.timeout, body included)"))
        }
    }

    @Test("a gzip bomb costs at most maxBodySize, fails once as too large after decompression, and is not retried")
    func gzipBomb() async throws {
        let replica = Replica()
        let bomb = try await HostileReplica.gzipBomb(zeros: 64 << 20)
        #expect(bomb.readableBytes < 1 << 20)
        try await replica.run(routes: { HostileReplica.register(on: $0, bomb: bomb) }) { base in
            let site = try RemoteSite(
                config: Self.config(base, detail: "/bomb/{{id}}", extra: "fetch: { maxBodySize: 1MB, retries: 3 }"))
            defer { site.remove() }
            let summary = try await site.build()
            #expect(summary.detailsFailed == 5)
            #expect(try site.read("index.html").contains("after decompression"))
            #expect(await replica.log.count(pathPrefix: "/bomb/") == 5)
        }
    }

    @Test("an API that ignores the page parameter ends the source with a warning after the first repeat")
    func repeatingPages() async throws {
        let replica = Replica()
        try await replica.run(routes: { HostileReplica.register(on: $0) }) { base in
            let site = try RemoteSite(config: Self.config(base, source: "/same"))
            defer { site.remove() }
            let logs = LogCollector()
            let summary = try await site.build(logs: logs)
            #expect(summary.items == 5)
            #expect(await replica.log.count(pathPrefix: "/same") == 2)
            #expect(logs.text.contains("has the same items as the page before"))
        }
    }

    @Test("source.maxPages bounds a source that never ends")
    func endlessSource() async throws {
        let replica = Replica()
        try await replica.run(routes: { HostileReplica.register(on: $0) }) { base in
            let site = try RemoteSite(
                config: Self.config(
                    base, source: "/endless", extra: ""
                ).replacingOccurrences(
                    of: "  paginate:", with: "  maxPages: 7\n  paginate:"))
            defer { site.remove() }
            let logs = LogCollector()
            let summary = try await site.build(logs: logs)
            #expect(summary.items == 35)
            #expect(await replica.log.count(pathPrefix: "/endless") == 7)
            #expect(logs.text.contains("source.maxPages is 7"))
        }
        let config = try SiteConfig.parse(
            yaml: "source: { url: \"data/p-{{page}}.json\" }\nitem: { id: x, title: y }",
            file: URL(fileURLWithPath: "/tmp/hostile/scrollery.yml"))
        #expect(config.source.maxPages == 100_000)
    }

    @Test("items that are not JSON objects are left out, each with a warning that says where")
    func itemsThatAreNotObjects() async throws {
        let replica = Replica()
        try await replica.run(routes: { HostileReplica.register(on: $0) }) { base in
            let site = try RemoteSite(config: Self.config(base, source: "/mixed"))
            defer { site.remove() }
            let logs = LogCollector()
            let summary = try await site.build(logs: logs)
            #expect(summary.items == 2)
            #expect(!(try site.read("index.html").contains("Untitled")))
            #expect(logs.text.contains("item 2 at ``: a text, not an object, so it is left out"))
            #expect(logs.text.contains("item 3 at ``: a number, not an object"))
            #expect(logs.text.contains("item 5 at ``: an array, not an object"))
        }
    }

    @Test("huge Retry-After and rate-limit resets fail the request with its reason instead of trapping")
    func hugeWaits() async throws {
        let replica = Replica()
        await replica.faults.add(.status(503, headers: ["Retry-After": "1e30"]), pathPrefix: "/detail/1")
        await replica.faults.add(
            .status(403, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "12345678901234567890123456"]),
            pathPrefix: "/detail/2")
        await replica.faults.add(.status(429, headers: ["Retry-After": "1e308"]), pathPrefix: "/detail/3")
        try await replica.run(routes: { HostileReplica.register(on: $0) }) { base in
            let site = try RemoteSite(config: Self.config(base, detail: "/detail/{{id}}"))
            defer { site.remove() }
            let started = ContinuousClock.now
            let summary = try await site.build()
            // Bounded far below a hang (60 s and more), with room for a loaded 2-core machine (12 s seen).
            #expect(ContinuousClock.now - started < .seconds(30))
            #expect(summary.detailsFailed == 3)
            let page = try site.read("index.html")
            #expect(page.contains("Retry-After asks for longer than fetch.maxWait"))
            #expect(page.contains("longer than fetch.maxWait"))
        }
        let policy = RetryPolicy(settings: FetchConfig())
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        for headers in [
            ["retry-after": "1e30"], ["retry-after": "inf"], ["retry-after": "99999999999999999999999999"],
            ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "12345678901234567890123456"],
            ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "-1e300"],
        ] {
            switch policy.decide(status: 429, headers: headers, attempt: 0, now: now) {
            case .fail(let kind, _): #expect(kind == .rateLimited)
            case .retry(let wait): #expect(wait == .zero, "\(headers) waits \(wait)")
            }
        }
        #expect(RetryPolicy.clockTime(Date(timeIntervalSince1970: 1e25)).count == 8)
    }

    @Test("SIGTERM ends a build at once, whether it waits on a server or on a Retry-After")
    func signalEndsAnyWait() async throws {
        let replica = Replica()
        await replica.faults.add(.hang, pathPrefix: "/list", times: 1)
        await replica.faults.add(.status(503, headers: ["Retry-After": "50"]), pathPrefix: "/list", times: 1)
        try await replica.run(routes: { HostileReplica.register(on: $0) }) { base in
            let site = try RemoteSite(config: Self.config(base, extra: "fetch: { timeout: 60s, maxWait: 60s }"))
            defer { site.remove() }
            for round in 1...2 {
                let signalled = Mutex<ContinuousClock.Instant?>(nil)
                let run = try await ScrolleryCommand.run(["build", site.folder.path]) { process in
                    // The first build waits on the hanging server once its request has arrived; the second
                    // waits out the Retry-After once its 503 (and the first build's hang) has been answered.
                    await replica.log.wait(until: round, pathPrefix: "/list", answered: round == 2)
                    signalled.withLock { $0 = .now }
                    process.terminate()
                }
                let stopped = ContinuousClock.now
                let took = try #require(signalled.withLock { $0 }).duration(to: stopped)
                #expect(run.status == 130)
                // Far below the 50 s Retry-After and the 60 s timeout, so only the signal can have ended the wait;
                // wide enough that a loaded machine's scheduling does not fail it.
                #expect(took < .seconds(10), "took \(took)")
                #expect(!FileManager.default.fileExists(atPath: site.output.path))
            }
        }
    }

    @Test("configured headers go only to their own origin: a redirect to another host gets none of them")
    func secretsStayWithTheirHost() async throws {
        let elsewhere = Replica()
        let replica = Replica()
        try await elsewhere.run(routes: { HostileReplica.register(on: $0) }) { other in
            try await replica.run(routes: { HostileReplica.register(on: $0) }) { base in
                let target = "\(other)/list".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                let site = try RemoteSite(
                    config: Self.config(
                        base, source: "/redirect?to=\(target)",
                        paginate: "{ style: link }",
                        extra: ""
                    ).replacingOccurrences(
                        of: "  paginate:",
                        with: "  headers: { X-Api-Key: \"${KEY}\", Private-Token: \"${TOKEN}\" }\n  paginate:"))
                defer { site.remove() }
                let summary = try await site.build(environment: ["KEY": "key-secret-1", "TOKEN": "token-secret-2"])
                #expect(summary.items == 5)
                let sent = await replica.log.entries.first { $0.path == "/redirect" }
                #expect(sent?.headers["x-api-key"] == "key-secret-1")
                let received = await elsewhere.log.entries.first { $0.path == "/list" }
                #expect(received != nil)
                #expect(received?.headers["x-api-key"] == nil)
                #expect(received?.headers["private-token"] == nil)
                #expect(received?.headers["user-agent"]?.hasPrefix("Scrollery") == true)
            }
        }
    }

    @Test("redirects to another scheme, from https to http, in a loop or too many are refused")
    func redirectRule() throws {
        let rule = RedirectRule(maxRedirects: 2)
        let https = try #require(URL(string: "https://api.example/list"))
        let http = try #require(URL(string: "http://api.example/list"))
        #expect(
            rule.decide(location: "http://api.example/other", from: https, original: https, visited: [https])
                == .refuse("redirects from https to http (http://api.example:80), which is refused"))
        #expect(
            rule.decide(location: "file:///etc/passwd", from: http, original: http, visited: [http])
                == .refuse("redirects to a `file:` URL; only http(s) is followed"))
        #expect(
            rule.decide(location: "/list", from: http, original: http, visited: [http])
                == .refuse("redirects in a loop"))
        #expect(
            rule.decide(location: "/a", from: http, original: http, visited: [http, http, http])
                == .refuse("more than 2 redirects"))
        #expect(
            rule.decide(location: "/page2", from: https, original: https, visited: [https])
                == .follow(try #require(URL(string: "https://api.example/page2")), sendHeaders: true))
        #expect(
            rule.decide(location: "https://api.example:8443/x", from: https, original: https, visited: [https])
                == .follow(try #require(URL(string: "https://api.example:8443/x")), sendHeaders: false))
        #expect(
            rule.decide(location: "https://API.example:443/x", from: https, original: https, visited: [https])
                == .follow(try #require(URL(string: "https://API.example:443/x")), sendHeaders: true))
    }
}
