import Foundation
import Hummingbird
import ScrolleryTestSupport
import Synchronization
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

/// Every pagination style and the fetch layer's faults, end to end through `SiteBuilder` against
/// replica servers on 127.0.0.1.
@Suite("Remote sources against replica APIs")
struct RemoteSourceTests {
    static func picsumConfig(_ base: String, extra: String = "", size: Int = 100, limit: Int = 1000) -> String {
        """
        title: Picsum
        pageSize: 24
        source:
          url: \(base)/v2/list
          items: ""
          paginate: { style: page, sizeParam: limit, size: \(size) }
          limit: \(limit)
        detail:
          url: \(base)/id/{{id}}/info
          concurrency: 8
        item:
          id: "{{id}}"
          title: "{{author}}"
          description: "{{detail.author}}: {{detail.width}} × {{detail.height}}"
          link: "{{url}}"
        \(extra)
        """
    }

    @Test("page style (Lorem Picsum): pages from 1 with a size, stopping at the short last page")
    func pageStyle() async throws {
        let replica = Replica()
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 250, base: { "" }) }) { base in
            let site = try RemoteSite(config: Self.picsumConfig(base))
            defer { site.remove() }
            let summary = try await site.build()
            #expect(summary.items == 250)
            #expect(summary.detailsFailed == 0)
            #expect(summary.sourcePages == 3)
            #expect(try site.positionsAcrossPages() == Array(1...250))
            #expect(try site.read("items/249/index.html").contains("Author 249: "))
            let listQueries = await replica.log.entries.filter { $0.path == "/v2/list" }.map(\.query)
            #expect(listQueries == ["page=1&limit=100", "page=2&limit=100", "page=3&limit=100"])
        }
    }

    @Test("page style stops at an empty page when the size is not known, and at the limit")
    func pageStyleEmptyAndLimit() async throws {
        let replica = Replica()
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 60, base: { "" }) }) { base in
            let open = try RemoteSite(
                config: Self.picsumConfig(base).replacingOccurrences(
                    of: "{ style: page, sizeParam: limit, size: 100 }", with: "{ style: page }"))
            defer { open.remove() }
            #expect(try await open.build().items == 60)
            // 30 a page by default: pages 1 and 2 full, page 3 empty.
            #expect(await replica.log.count(pathPrefix: "/v2/list") == 3)
            let limited = try RemoteSite(config: Self.picsumConfig(base, size: 10, limit: 25))
            defer { limited.remove() }
            #expect(try await limited.build().items == 25)
            #expect(await replica.log.count(pathPrefix: "/v2/list") == 6)
        }
    }

    @Test("offset style: offsets advance by the items received, stopping at a short page")
    func offsetStyle() async throws {
        let replica = Replica()
        try await replica.run(routes: { GenericReplica.register(on: $0, count: 45) }) { base in
            let site = try RemoteSite(
                config: """
                    pageSize: 10
                    source:
                      url: \(base)/offset
                      items: /results
                      paginate: { style: offset, sizeParam: limit, size: 20 }
                    detail: { url: "\(base)/detail/{{id}}" }
                    item: { id: "{{id}}", title: "{{title}}", description: "{{detail.body}}" }
                    """)
            defer { site.remove() }
            let summary = try await site.build()
            #expect(summary.items == 45)
            #expect(try site.positionsAcrossPages() == Array(1...45))
            let queries = await replica.log.entries.filter { $0.path == "/offset" }.map(\.query)
            #expect(queries == ["offset=0&limit=20", "offset=20&limit=20", "offset=40&limit=20"])
            #expect(try site.read("items/45/index.html").contains("Detail of <strong>45</strong>."))
        }
    }

    @Test("cursor style: follows the cursor at a pointer until it is null")
    func cursorStyle() async throws {
        let replica = Replica()
        try await replica.run(routes: { GenericReplica.register(on: $0, count: 30) }) { base in
            let site = try RemoteSite(
                config: """
                    pageSize: 8
                    source:
                      url: \(base)/cursor
                      items: /data
                      paginate: { style: cursor, param: cursor, from: /meta/next }
                    item: { id: "{{id}}", title: "{{title}}" }
                    """)
            defer { site.remove() }
            #expect(try await site.build().items == 30)
            #expect(try site.positionsAcrossPages() == Array(1...30))
            let queries = await replica.log.entries.filter { $0.path == "/cursor" }.map(\.query)
            #expect(queries == ["", "cursor=c7", "cursor=c14", "cursor=c21", "cursor=c28"])
        }
    }

    static func githubConfig(_ base: String, style: String, extra: String = "") -> String {
        """
        pageSize: 10
        source:
          url: \(base)/users
          items: ""
          paginate: \(style)
          headers: { Accept: application/vnd.github+json }
        detail:
          url: \(base)/users/{{login}}
        item:
          id: "{{login}}"
          title: "{{#detail.name}}{{detail.name}}{{/detail.name}}{{^detail.name}}{{login}}{{/detail.name}}"
          description: "{{detail.bio}}"
          link: "{{html_url}}"
        \(extra)
        """
    }

    @Test("since style (GitHub): since=LAST_ID from the last item, stopping at an empty page")
    func sinceStyle() async throws {
        let replica = Replica()
        try await replica.run(routes: { GitHubReplica.register(on: $0, count: 25, base: { "" }) }) { base in
            let site = try RemoteSite(
                config: Self.githubConfig(base, style: "{ style: since, from: /id, sizeParam: per_page, size: 10 }"))
            defer { site.remove() }
            let summary = try await site.build()
            #expect(summary.items == 25)
            let queries = await replica.log.entries.filter { $0.path == "/users" }.map(\.query)
            #expect(queries == ["per_page=10", "since=19&per_page=10", "since=39&per_page=10", "since=49&per_page=10"])
            #expect(try site.read("items/user5/index.html").contains("<h1"))
            #expect(try site.read("index.html").contains("User Number 1"))
        }
    }

    @Test("link style (GitHub): follows Link rel=next until there is none, sending the User-Agent")
    func linkStyle() async throws {
        let replica = Replica()
        let port = Mutex<String>("")
        try await replica.run(routes: { router in
            GitHubReplica.register(on: router, count: 23, base: { port.withLock { $0 } })
        }) { base in
            port.withLock { $0 = base }
            let site = try RemoteSite(
                config: Self.githubConfig(base, style: "{ style: link, sizeParam: per_page, size: 10 }"))
            defer { site.remove() }
            #expect(try await site.build().items == 23)
            #expect(try site.positionsAcrossPages() == Array(1...23))
            let entries = await replica.log.entries
            #expect(
                entries.filter { $0.path == "/users" }.map(\.query) == [
                    "per_page=10", "per_page=10&since=19", "per_page=10&since=39",
                ])
            #expect(entries.allSatisfy { ($0.headers["user-agent"] ?? "").hasPrefix("Scrollery/") })
            #expect(
                entries.filter { $0.path == "/users" }.allSatisfy {
                    $0.headers["accept"] == "application/vnd.github+json"
                })
        }
    }

    static func apodConfig(_ base: String, from: String, until: String, days: Int = 10, limit: Int = 1000) -> String {
        """
        pageSize: 12
        source:
          url: \(base)/planetary/apod?api_key=${NASA_API_KEY:-DEMO_KEY}&thumbs=true
          items: ""
          paginate: { style: dates, days: \(days), from: \(from), until: \(until) }
          limit: \(limit)
        item:
          id: "{{date}}"
          title: "{{title}}"
          date: "{{date}}"
          image: "{{#thumbnail_url}}{{thumbnail_url}}{{/thumbnail_url}}{{^thumbnail_url}}{{#hdurl}}{{url}}{{/hdurl}}{{/thumbnail_url}}"
          description: "{{explanation}}"
        """
    }

    @Test("dates style (APOD): windows newest first, the last one clipped to `until`")
    func datesStyle() async throws {
        let replica = Replica()
        try await replica.run(routes: { APODReplica.register(on: $0, today: "2026-11-21") }) { base in
            let site = try RemoteSite(config: Self.apodConfig(base, from: "2026-03-05", until: "2026-02-01"))
            defer { site.remove() }
            let summary = try await site.build()
            #expect(summary.items == 33)  // 2026-02-01 … 2026-03-05
            let queries = await replica.log.entries.map(\.query)
            #expect(queries.count == 4)
            #expect(queries[0].contains("start_date=2026-02-24&end_date=2026-03-05"))
            #expect(queries[1].contains("start_date=2026-02-14&end_date=2026-02-23"))
            #expect(queries[3].contains("start_date=2026-02-01&end_date=2026-02-03"))
            #expect(queries.allSatisfy { $0.contains("api_key=DEMO_KEY") && $0.contains("thumbs=true") })
            let first = try site.read("index.html")
            let dates = first.components(separatedBy: "card-date\">").dropFirst().map { String($0.prefix(10)) }
            #expect(dates.first == "2026-03-05")
            #expect(dates == dates.sorted(by: >))
        }
    }

    @Test("dates style: a 400 for a date out of range ends the source cleanly")
    func datesOutOfRange() async throws {
        let replica = Replica()
        try await replica.run(routes: { APODReplica.register(on: $0, today: "2026-11-21") }) { base in
            let site = try RemoteSite(config: Self.apodConfig(base, from: "1995-07-10", until: "1990-01-01", days: 10))
            defer { site.remove() }
            let summary = try await site.build()
            // 1995-06-16 … 1995-07-10: the windows from 07-01 and 06-21 succeed; 06-11…06-20 is a 400.
            #expect(summary.items == 20)
            #expect(summary.sourcePages == 2)
        }
    }

    @Test("fetch.concurrency caps the requests in flight at the server, and is reached")
    func concurrencyCap() async throws {
        let replica = Replica()
        await replica.faults.setLatency(.milliseconds(40))
        // The details wait until three are in flight together: the cap is reached however slow the machine.
        await replica.faults.addGate(pathPrefix: "/id/", opensAt: 3)
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 60, base: { "" }) }) { base in
            let site = try RemoteSite(config: Self.picsumConfig(base, extra: "fetch: { concurrency: 3 }", size: 30))
            defer { site.remove() }
            #expect(try await site.build().items == 60)
            #expect(await replica.log.maxInFlight == 3)
        }
    }

    @Test("while a page's details are fetched, the next source page is already requested")
    func prefetchOverlap() async throws {
        let replica = Replica()
        await replica.faults.setLatency(.milliseconds(30))
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 48, base: { "" }) }) { base in
            let site = try RemoteSite(config: Self.picsumConfig(base, size: 24))
            defer { site.remove() }
            #expect(try await site.build().items == 48)
            let entries = await replica.log.entries
            let finished = await replica.log.finished
            let secondList = try #require(entries.first { $0.path == "/v2/list" && $0.query.hasPrefix("page=2") })
            let firstPageDetailsDone = finished.filter { $0.path.hasPrefix("/id/") }.prefix(24).map(\.at)
            let lastDetailOfPageOne = try #require(firstPageDetailsDone.max())
            #expect(secondList.started < lastDetailOfPageOne)
        }
    }

    @Test("5xx responses are retried with backoff, then succeed; the retries are counted")
    func retriesThenSuccess() async throws {
        let replica = Replica()
        await replica.faults.add(.status(503), pathPrefix: "/id/3/", times: 2)
        await replica.faults.add(.status(500), pathPrefix: "/v2/list", times: 1)
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 10, base: { "" }) }) { base in
            let site = try RemoteSite(
                config: Self.picsumConfig(base, extra: "fetch: { retries: 3, backoff: 50ms }", size: 20))
            defer { site.remove() }
            let summary = try await site.build()
            #expect(summary.detailsFailed == 0)
            #expect(summary.network.retries == 3)
            #expect(await replica.log.count(pathPrefix: "/id/3/") == 3)
            #expect(await replica.log.count(pathPrefix: "/v2/list") == 2)
            // Full jitter: the waits chosen are at most 50 ms and 100 ms for the detail, 50 ms for the list.
            // (What the clock shows between attempts says nothing: on a loaded machine a wake-up can be late.)
            #expect(summary.network.retryWait <= .milliseconds(200))
            let attempts = await replica.log.entries.filter { $0.path == "/id/3/info" }.map(\.started)
            #expect(attempts.count == 3)
        }
    }

    @Test("backoff with full jitter: attempt n waits up to backoff · 2^n, never past fetch.maxWait")
    func jitteredBackoffBounds() {
        var settings = FetchConfig()
        settings.backoff = .milliseconds(50)
        settings.maxWait = .milliseconds(300)
        for (attempt, ceiling) in [(0, 50), (1, 100), (2, 200), (3, 300), (40, 300)] {
            // The jitter is given: its least, its middle and its most.
            let waits = [0, 0.5, 1].map { draw in
                RetryPolicy(settings: settings, jitter: JitterSource { draw }).jitteredBackoff(attempt: attempt)
            }
            #expect(waits == [.zero, .milliseconds(ceiling / 2), .milliseconds(ceiling)], "attempt \(attempt)")
        }
        // The system's jitter stays within the same bounds.
        let policy = RetryPolicy(settings: settings)
        #expect((0..<100).allSatisfy { _ in policy.jitteredBackoff(attempt: 2) <= .milliseconds(200) })
    }

    @Test("after the retries run out, only that item fails; a 4xx is not retried")
    func retriesExhaustedAndNoRetryOn4xx() async throws {
        let replica = Replica()
        await replica.faults.add(.status(500), pathPrefix: "/id/2/", times: 10)
        await replica.faults.add(.status(422), pathPrefix: "/id/4/", times: 10)
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 6, base: { "" }) }) { base in
            let site = try RemoteSite(
                config: Self.picsumConfig(base, extra: "fetch: { retries: 2, backoff: 10ms }", size: 20))
            defer { site.remove() }
            let summary = try await site.build()
            #expect(summary.items == 6)
            #expect(summary.detailsFailed == 2)
            #expect(await replica.log.count(pathPrefix: "/id/2/") == 3)
            #expect(await replica.log.count(pathPrefix: "/id/4/") == 1)
            #expect(try site.read("items/2/index.html").contains("HTTP 500 (after 3 attempts)"))
            #expect(try site.read("items/4/index.html").contains("HTTP 422"))
            #expect(try site.read("items/5/index.html").contains("Author 5: "))
        }
    }

    @Test("429 with Retry-After waits that long before the next attempt")
    func retryAfterHonoured() async throws {
        let replica = Replica()
        await replica.faults.add(.status(429, headers: ["Retry-After": "1"]), pathPrefix: "/id/1/")
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 3, base: { "" }) }) { base in
            let site = try RemoteSite(config: Self.picsumConfig(base, extra: "fetch: { backoff: 10ms }", size: 20))
            defer { site.remove() }
            #expect(try await site.build().detailsFailed == 0)
            let attempts = await replica.log.entries.filter { $0.path == "/id/1/info" }.map(\.started)
            #expect(attempts.count == 2)
            if attempts.count == 2 { #expect(attempts[1] - attempts[0] >= .milliseconds(950)) }
        }
    }

    @Test("a long Retry-After is waited for in full, up to fetch.maxWait, on the build's clock")
    func longRetryAfterOnVirtualTime() async throws {
        let replica = Replica()
        await replica.faults.add(.status(503, headers: ["Retry-After": "45"]), pathPrefix: "/id/1/")
        await replica.faults.add(.status(429, headers: ["Retry-After": "600"]), pathPrefix: "/id/2/")
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 3, base: { "" }) }) { base in
            let site = try RemoteSite(config: Self.picsumConfig(base, extra: "fetch: { maxWait: 2m }", size: 20))
            defer { site.remove() }
            let clock = VirtualClock()
            let summary = try await site.build(clock: clock)
            #expect(await replica.log.count(pathPrefix: "/id/1/") == 2)
            // 45 s is waited for; 600 s is over fetch.maxWait, so that item fails at once with no wait.
            #expect(clock.waits == [.seconds(45)])
            #expect(summary.detailsFailed == 1)
            #expect(await replica.log.count(pathPrefix: "/id/2/") == 1)
        }
    }

    @Test("an exhausted rate limit that resets soon is waited for; one that resets late fails with advice")
    func rateLimitReset() async throws {
        let replica = Replica()
        let soon = Int(Date().timeIntervalSince1970) + 2
        await replica.faults.add(
            .status(403, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": String(soon)]),
            pathPrefix: "/id/1/")
        await replica.faults.add(
            .status(429, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": String(soon + 3600)]),
            pathPrefix: "/id/2/")
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 3, base: { "" }) }) { base in
            let site = try RemoteSite(config: Self.picsumConfig(base, extra: "fetch: { maxWait: 10s }", size: 20))
            defer { site.remove() }
            let summary = try await site.build()
            #expect(summary.detailsFailed == 1)
            let attempts = await replica.log.entries.filter { $0.path == "/id/1/info" }.map(\.date)
            #expect(attempts.count == 2)
            // The second attempt waited for the reset.
            #expect(attempts.last.map { $0.timeIntervalSince1970 >= Double(soon) - 0.05 } == true)
            #expect(await replica.log.count(pathPrefix: "/id/2/") == 1)
            let failed = try site.read("items/2/index.html")
            #expect(failed.contains("rate limit is used up and resets in"))
            #expect(failed.contains("GITHUB_TOKEN"))
        }
    }

    @Test("a hanging response times out after fetch.timeout")
    func timeout() async throws {
        let replica = Replica()
        await replica.faults.add(.hang, pathPrefix: "/id/2/", times: 5)
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 3, base: { "" }) }) { base in
            let site = try RemoteSite(
                config: Self.picsumConfig(
                    base, extra: "fetch: { timeout: 2s, retries: 1, backoff: 10ms }", size: 20)
            )
            defer { site.remove() }
            let started = ContinuousClock.now
            let summary = try await site.build()
            // Bounded far below a hang (the replica's is 3 s, then a 504), with room for a loaded 2-core
            // machine (12 s seen). The timeout must stay below the replica's hang, or no timeout is seen.
            #expect(ContinuousClock.now - started < .seconds(30))
            #expect(summary.detailsFailed == 1)
            #expect(await replica.log.count(pathPrefix: "/id/2/") == 2)
            #expect(try site.read("items/2/index.html").contains("no response within"))
        }
    }

    @Test("a body over fetch.maxBodySize is an error, not a crash")
    func bodyCap() async throws {
        let replica = Replica()
        let huge = #"{"author": ""# + String(repeating: "x", count: 50_000) + #""}"#
        await replica.faults.add(.body(huge), pathPrefix: "/id/1/")
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 3, base: { "" }) }) { base in
            let site = try RemoteSite(config: Self.picsumConfig(base, extra: "fetch: { maxBodySize: 16KB }", size: 20))
            defer { site.remove() }
            let summary = try await site.build()
            #expect(summary.detailsFailed == 1)
            #expect(try site.read("items/1/index.html").contains("larger than fetch.maxBodySize"))
            #expect(await replica.log.count(pathPrefix: "/id/1/") == 1)
        }
    }

    @Test("malformed JSON or HTML on a source page fails the build naming the URL; the previous site stays")
    func malformedSourcePage() async throws {
        let replica = Replica()
        await replica.faults.add(.body("[{\"id\": "), pathPrefix: "/v2/list")
        await replica.faults.add(.body("<html>login</html>", contentType: "text/html"), pathPrefix: "/v2/list")
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 3, base: { "" }) }) { base in
            let site = try RemoteSite(config: Self.picsumConfig(base, size: 20))
            defer { site.remove() }
            do {
                _ = try await site.build()
                Issue.record("the build should fail")
            } catch {
                #expect("\(error)".contains("\(base)/v2/list?page=1&limit=20"))
                #expect("\(error)".contains("not valid JSON"))
            }
            do {
                _ = try await site.build()
                Issue.record("the build should fail")
            } catch {
                #expect("\(error)".contains("is not JSON: the server sent `text/html`"))
            }
            #expect(try await site.build().items == 3)
        }
    }

    @Test("a secret from the environment is sent but never appears in output, errors or logs")
    func secretsStayHidden() async throws {
        let secret = "ghp_SuperSecretToken123"
        let replica = Replica()
        await replica.faults.add(.status(500), pathPrefix: "/id/2/", times: 10)
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 3, base: { "" }) }) { base in
            let config = Self.picsumConfig(base, extra: "fetch: { retries: 1, backoff: 10ms }", size: 20)
                .replacingOccurrences(
                    of: "  url: \(base)/id/{{id}}/info",
                    with:
                        "  url: \(base)/id/{{id}}/info?key=${API_TOKEN}\n  headers: { Authorization: \"Bearer ${API_TOKEN}\" }"
                )
            let site = try RemoteSite(config: config)
            defer { site.remove() }
            let logs = LogCollector()
            let summary = try await site.build(environment: ["API_TOKEN": secret], logs: logs)
            #expect(summary.detailsFailed == 1)
            let sent = await replica.log.entries.filter { $0.path.hasPrefix("/id/") }
            #expect(sent.allSatisfy { $0.headers["authorization"] == "Bearer \(secret)" && $0.query.contains(secret) })
            let output = try site.allOutputText()
            #expect(output.contains("key=***"))
            #expect(!output.contains(secret))
            // Nor in the cache: not in a file name, not in a file.
            let cache = site.folder.appendingPathComponent(".scrollery-cache")
            let cached = try SiteFixture.snapshot(of: cache)
            #expect(!cached.isEmpty)
            #expect(
                cached.allSatisfy {
                    !$0.key.contains(secret) && !String(decoding: $0.value, as: UTF8.self).contains(secret)
                })
            #expect(!logs.text.isEmpty)
            #expect(!logs.text.contains(secret))
            do {
                _ = try await site.build(environment: [:])
                Issue.record("a missing variable should fail")
            } catch {
                #expect("\(error)".contains("`API_TOKEN`, which is not set"))
            }
        }
    }

    @Test("a Link to a local file or another host is not followed")
    func linkStaysOnTheSource() async throws {
        let replica = Replica()
        try await replica.run(routes: { GenericReplica.register(on: $0, count: 5) }) { base in
            for next in ["file:///etc/passwd", "http://127.0.0.2:9/items", "\(base)/other"] {
                let site = try RemoteSite(
                    config: """
                        pageSize: 10
                        source:
                          url: \(base)/linkto?next=\(next)
                          items: ""
                          paginate: { style: link }
                        item: { id: "{{id}}", title: "{{title}}" }
                        """)
                defer { site.remove() }
                // The same host is followed (to a 404, which ends the source); the others are not, and say so.
                let logs = LogCollector()
                let built = try await site.build(logs: logs)
                #expect(built.items == 5, "\(next): \(built.description)")
                let warned = logs.text.contains("is not the source's own scheme, host and port: it is not followed")
                #expect(warned == !next.hasPrefix(base), "\(next): \(logs.text)")
            }
            let paths = Set(await replica.log.entries.map(\.path))
            #expect(paths == ["/linkto", "/other"])
        }
    }

    @Test("a Link is followed only to the source's scheme, host and port, a default port written or not")
    func linkOrigin() {
        let same = [
            ("https://api.example/items?page=2", "https://api.example/items"),
            ("https://API.example:443/items?page=2", "https://api.example/items"),
            ("http://api.example:80/b", "http://api.example/a"),
        ]
        for (next, current) in same { #expect(Paginator.sameOrigin(next, current), "\(next) from \(current)") }
        let other = [
            // From https to http: the source's token would go in clear text.
            ("http://api.example/items?page=2", "https://api.example/items"),
            ("https://api.example/b", "http://api.example/a"),
            ("https://api.example:8443/b", "https://api.example/a"),
            ("https://other.example/b", "https://api.example/a"),
            ("file:///etc/passwd", "https://api.example/a"),
        ]
        for (next, current) in other { #expect(!Paginator.sameOrigin(next, current), "\(next) from \(current)") }
    }

    @Test("a cursor with `+`, `/` and `=` (base64) is sent percent-encoded, never as a space")
    func cursorWithPlus() async throws {
        let replica = Replica()
        try await replica.run(routes: { GenericReplica.register(on: $0, count: 5) }) { base in
            let site = try RemoteSite(
                config: """
                    pageSize: 10
                    source:
                      url: \(base)/pluscursor
                      items: /data
                      paginate: { style: cursor, param: cursor, from: /meta/next }
                    item: { id: "{{id}}", title: "{{title}}" }
                    """)
            defer { site.remove() }
            #expect(try await site.build().items == 8)
        }
    }

    @Test("an entry that is not an object is left out without making its page look like the last")
    func nullEntryKeepsPaging() async throws {
        let replica = Replica()
        try await replica.run(routes: { GenericReplica.register(on: $0, count: 5) }) { base in
            let site = try RemoteSite(
                config: """
                    pageSize: 10
                    source:
                      url: \(base)/withnull
                      items: ""
                      paginate: { style: page, first: 1, sizeParam: limit, size: 10 }
                    item: { id: "{{id}}", title: "{{title}}" }
                    """)
            defer { site.remove() }
            #expect(try await site.build().items == 29)
            #expect(await replica.log.count(pathPrefix: "/withnull") == 4)
        }
    }

    @Test("a cursor that repeats ends the source instead of looping")
    func repeatingCursor() async throws {
        let replica = Replica()
        try await replica.run(routes: { GenericReplica.register(on: $0, count: 5) }) { base in
            let site = try RemoteSite(
                config: """
                    pageSize: 10
                    source:
                      url: \(base)/samecursor
                      items: /data
                      paginate: { style: cursor, param: cursor, from: /meta/next }
                    item: { id: "{{id}}", title: "{{title}}" }
                    """)
            defer { site.remove() }
            #expect(try await site.build().items == 10)
            #expect(await replica.log.count(pathPrefix: "/samecursor") == 2)
        }
    }

    @Test("dates style: a 400 on the first window fails the build instead of publishing an empty site")
    func datesFirstWindowRejected() async throws {
        let replica = Replica()
        try await replica.run(routes: { APODReplica.register(on: $0, today: "2026-11-21") }) { base in
            let site = try RemoteSite(config: Self.apodConfig(base, from: "2027-01-10", until: "2026-12-01"))
            defer { site.remove() }
            do {
                _ = try await site.build()
                Issue.record("the build should fail")
            } catch {
                #expect("\(error)".contains("HTTP 400"))
            }
        }
    }

    @Test("repeated 429s are retried exactly fetch.retries times")
    func repeated429() async throws {
        let replica = Replica()
        await replica.faults.add(.status(429, headers: ["Retry-After": "0"]), pathPrefix: "/id/1/", times: 10)
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 2, base: { "" }) }) { base in
            let site = try RemoteSite(config: Self.picsumConfig(base, extra: "fetch: { retries: 2 }", size: 20))
            defer { site.remove() }
            #expect(try await site.build().detailsFailed == 1)
            #expect(await replica.log.count(pathPrefix: "/id/1/") == 3)
        }
    }

    @Test("redirects are followed")
    func redirects() async throws {
        let replica = Replica()
        try await replica.run(routes: { PicsumReplica.register(on: $0, count: 30, base: { "" }) }) { base in
            let site = try RemoteSite(
                config: Self.picsumConfig(base, size: 20).replacingOccurrences(
                    of: "url: \(base)/v2/list", with: "url: \(base)/moved/list"))
            defer { site.remove() }
            #expect(try await site.build().items == 30)
            #expect(await replica.log.count(pathPrefix: "/moved/list") == 2)
            #expect(await replica.log.count(pathPrefix: "/v2/list") == 2)
        }
    }

    @Test("Retry-After as an HTTP date, and rate-limit headers, are read right")
    func retryAfterParsing() throws {
        let now = try #require(RateLimitHeaders.parseHTTPDate("Sun, 06 Nov 1994 08:49:37 GMT"))
        #expect(now.timeIntervalSince1970 == 784_111_777)
        let later = RateLimitHeaders(["retry-after": "Sun, 06 Nov 1994 08:49:40 GMT"])
        #expect(later.wait(now: now) == .seconds(3))
        #expect(RateLimitHeaders(["retry-after": "2"]).wait(now: now) == .seconds(2))
        #expect(RateLimitHeaders(["retry-after": "soon"]).wait(now: now) == nil)
        let exhausted = RateLimitHeaders(["x-ratelimit-remaining": "0", "x-ratelimit-reset": "784111787"])
        #expect(exhausted.isExhausted)
        #expect(exhausted.wait(now: now) == .seconds(10))
        #expect(
            RateLimitHeaders(["x-ratelimit-remaining": "5", "x-ratelimit-reset": "784111787"]).wait(now: now) == nil)
    }
}
