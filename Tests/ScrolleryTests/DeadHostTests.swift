import Foundation
import Hummingbird
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization
import Testing

@testable import Scrollery
@testable import ScrolleryIO
@testable import ScrolleryTestSites

/// A host that is not there costs a handful of requests, not retries of every request: a name that does
/// not resolve is down at once, a port that refuses or a server that never answers after a run of
/// failures; a host that fails often but not always keeps delivering.
@Suite("Dead hosts", .timeLimit(.minutes(3)))
struct DeadHostTests {
    /// Items from a local source whose pictures are at `picture(id)` and whose details, if any, at `detail`.
    static func site(
        count: Int, picture: (Int) -> String?, detail: String? = nil, extra: String = ""
    ) throws -> RemoteSite {
        let site = try RemoteSite(
            config: """
                title: Dead hosts
                pageSize: 50
                source: { url: "data/page-{{page}}.json", items: "", paginate: { style: page, first: 1 } }
                \(detail.map { "detail: { url: \"\($0)\", concurrency: 8 }" } ?? "")
                item: { id: "{{id}}", title: "{{name}}", image: "{{url}}", width: "4", height: "3" }
                \(extra)
                """)
        let items = (1...count).map { index in
            ["id": "\(index)", "name": "Picture \(index)", "url": picture(index) ?? ""]
        }
        try ImagePipelineTests.writeSource(items, in: site)
        return site
    }

    /// The listing pages' HTML, following rel=next from the first.
    static func listingPages(_ site: RemoteSite) throws -> [String] {
        var pages: [String] = []
        var url: String? = "/"
        while let next = url {
            let html = try site.read(next == "/" ? "index.html" : String(next.dropFirst()) + "index.html")
            pages.append(html)
            url = relLink("next", in: html)
        }
        return pages
    }

    static func unavailableCards(_ site: RemoteSite) throws -> Int {
        try listingPages(site).map { $0.components(separatedBy: "frame--unavailable").count - 1 }.reduce(0, +)
    }

    @Test("pictures on a host whose name does not resolve: one look-up, every card in its error state")
    func unresolvableHost() async throws {
        let host = "pictures.scrollery.invalid"
        let site = try Self.site(count: 2000) { "https://\(host)/\($0).jpg" }
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.items == 2000)
        #expect(summary.images.failed == 2000)
        let outage = try #require(summary.hostsDown.first)
        #expect(summary.hostsDown.count == 1)
        #expect(outage.host == host)
        #expect(outage.reason.contains("does not resolve"))
        // Only the first requests, in flight together before the first answer, were made.
        #expect(summary.network.requests <= HostHealth.failuresToTrip + 8, "\(summary.network)")
        #expect(summary.network.requests + outage.requestsNotMade >= 2000)
        #expect(try Self.unavailableCards(site) == 2000)
        #expect(summary.description.contains("\nHost down: \(host) (the host name \(host) does not resolve"))
        #expect(summary.description.contains("requests not made)"))
    }

    @Test("pictures on a port that refuses connections: the breaker opens after its run of failures")
    func refusingPort() async throws {
        let port = try ClosedPort.find()
        let site = try Self.site(
            count: 300, picture: { "http://127.0.0.1:\(port)/\($0).jpg" },
            extra: "fetch: { backoff: 5ms }")
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.images.failed == 300)
        let outage = try #require(summary.hostsDown.first)
        #expect(outage.host == "127.0.0.1:\(port)")
        #expect(outage.reason.hasPrefix("\(HostHealth.failuresToTrip) attempts in a row failed"))
        #expect(summary.network.requests >= HostHealth.failuresToTrip)
        #expect(summary.network.requests <= HostHealth.failuresToTrip + 8, "\(summary.network)")
        #expect(try Self.unavailableCards(site) == 300)
    }

    @Test("details on a server that accepts and never answers: bounded by fetch.timeout, then the breaker")
    func silentDetailHost() async throws {
        let listener = try SilentListener()
        let site = try Self.site(
            count: 200, picture: { _ in nil }, detail: "http://127.0.0.1:\(listener.port)/d/{{id}}",
            extra: "images: { enabled: false }\nfetch: { timeout: 500ms, retries: 1, backoff: 5ms }")
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.items == 200)
        #expect(summary.detailsFailed == 200)
        let outage = try #require(summary.hostsDown.first)
        #expect(outage.host == "127.0.0.1:\(listener.port)")
        #expect(outage.reason.contains("no response within"))
        #expect(summary.network.requests <= HostHealth.failuresToTrip + 8, "\(summary.network)")
        let first = try site.read("index.html")
        #expect(first.contains("Details unavailable"))
    }

    @Test("details on a host whose certificate does not verify: down after the first handshakes, never retried")
    func untrustedCertificate() async throws {
        let server = try await UntrustedTLSServer.start()
        let site = try Self.site(
            count: 60, picture: { _ in nil }, detail: "https://127.0.0.1:\(server.port)/d/{{id}}",
            extra: "images: { enabled: false }\nfetch: { retries: 3 }")
        defer { site.remove() }
        let summary: BuildSummary
        do {
            summary = try await site.build()
            try await server.stop()
        } catch {
            try await server.stop()
            throw error
        }
        #expect(summary.detailsFailed == 60)
        let outage = try #require(summary.hostsDown.first)
        #expect(outage.host == "127.0.0.1:\(server.port)")
        #expect(outage.reason.contains("its TLS certificate does not verify"), "\(outage.reason)")
        #expect(summary.network.retries == 0)
        // Only the requests in flight together before the first handshake failed (detail concurrency 8).
        #expect(summary.network.requests <= 8, "\(summary.network)")
        #expect(try site.read("index.html").contains("not requested: 127.0.0.1:\(server.port) is down for this build"))
    }

    @Test("a host failing 30% of attempts at random delivers every item it can and is never cut off")
    func flakyHostStaysUp() async throws {
        let flaky = FlakyRule(failurePercent: 30)
        let replica = Replica()
        try await replica.run(routes: { router in
            router.get("/flaky/:id") { request, context in
                let id = context.parameters.get("id") ?? ""
                guard await flaky.answers(request.uri.path) else {
                    return Response.json(#"{"message":"injected"}"#, status: .internalServerError)
                }
                return Response.json(encoding: ["description": "Detail of \(id)"])
            }
        }) { base in
            let count = 1000
            let retries = 5
            let site = try Self.site(
                count: count, picture: { _ in nil }, detail: "\(base)/flaky/{{id}}",
                extra: "images: { enabled: false }\nfetch: { retries: \(retries), backoff: 1ms }\ncache: { ttl: 0 }")
            defer { site.remove() }
            let summary = try await site.build()
            // An item fails only when every one of its attempts was chosen to fail.
            let undeliverable = (1...count).filter { id in
                (0...retries).allSatisfy { !flaky.rule("/flaky/\(id)", attempt: $0) }
            }.count
            #expect(summary.hostsDown.isEmpty)
            #expect(summary.detailsFailed == undeliverable)
            #expect(summary.network.retries > count / 5, "the host did fail often: \(summary.network)")
            #expect(
                try Self.listingPages(site).joined().components(separatedBy: "card--error").count - 1 == undeliverable)
        }
    }

    @Test("a redirect to a host that is down takes that host down, not the one that redirected")
    func redirectToDeadHost() async throws {
        let replica = Replica()
        try await replica.run(routes: { GenericReplica.register(on: $0, count: 20) }) { base in
            let site = try RemoteSite(
                config: """
                    pageSize: 50
                    source:
                      url: \(base)/offset
                      items: /results
                      paginate: { style: offset, sizeParam: limit, size: 50 }
                    detail: { url: "\(base)/detail-or-away/{{id}}", concurrency: 1 }
                    item: { id: "{{id}}", title: "{{title}}", description: "{{detail.body}}" }
                    """)
            defer { site.remove() }
            let summary = try await site.build()
            #expect(summary.items == 20)
            #expect(summary.detailsFailed == 1, "\(summary)")
            #expect(summary.hostsDown.map(\.host) == ["cdn.scrollery.invalid"], "\(summary)")
            #expect(await replica.log.count(pathPrefix: "/detail-or-away/") == 20)
        }
    }

    @Test("a redirect to a host that never answers counts its timeouts against that host")
    func redirectToSilentHost() async throws {
        let listener = try SilentListener()
        let replica = Replica()
        try await replica.run(routes: { GenericReplica.register(on: $0, count: 40) }) { base in
            // The source is local files, and the timeout long enough for the replica to answer while the other
            // suites keep both cores busy (2 s was once too short: the replica's own host went down).
            let site = try Self.site(
                count: 40, picture: { _ in nil }, detail: "\(base)/detail-or-port/\(listener.port)/{{id}}",
                extra: "images: { enabled: false }\nfetch: { timeout: 8s, retries: 1, backoff: 5ms }")
            defer { site.remove() }
            let summary = try await site.build()
            #expect(summary.items == 40)
            #expect(summary.detailsFailed == 20, "\(summary)")
            #expect(summary.hostsDown.map(\.host) == ["127.0.0.1:\(listener.port)"], "\(summary)")
        }
    }

    @Test("a source host whose name does not resolve fails the build at once, naming the name")
    func unresolvableSource() async throws {
        let site = try RemoteSite(
            config: """
                title: Dead source
                source: { url: "https://api.scrollery.invalid/items?page={{page}}" }
                item: { id: "{{id}}", title: "{{title}}" }
                """)
        defer { site.remove() }
        do {
            _ = try await site.build()
            Issue.record("a build whose source host does not resolve succeeded")
        } catch let error as BuildError {
            #expect(error.kind == .failed)
            #expect((error.underlying as? SourceError).map { "\($0)" } == error.message, "the source's own error")
            #expect(
                error.message.contains("Source page https://api.scrollery.invalid/items?page=1 could not be fetched"))
            #expect(error.message.contains("the host name api.scrollery.invalid does not resolve"))
            #expect(error.message.contains("no request to api.scrollery.invalid is made again"))
            #expect(!error.message.contains("attempts"), "not retried: \(error.message)")
        }
    }

    @Test("--strict fails naming the host that was down, and the previous site stays")
    func strictNamesTheHost() async throws {
        let host = "cdn.scrollery.invalid"
        let site = try Self.site(count: 20) { "https://\(host)/\($0).jpg" }
        defer { site.remove() }
        _ = try await site.build()
        let before = try SiteFixture.snapshot(of: site.output)
        do {
            _ = try await site.build(options: BuildOptions(strict: true))
            Issue.record("a strict build with a dead picture host succeeded")
        } catch let error as BuildError {
            #expect(error.kind == .strict(.init(picturesFailed: 20)))
            #expect(error.message.contains("20 picture(s) could not be had and --strict is on."))
            #expect(error.message.contains("Hosts down: \(host) (the host name \(host) does not resolve"))
            #expect(error.message.contains("requests not made)."), "\(error.message)")
        }
        #expect(try SiteFixture.snapshot(of: site.output) == before)
    }

    @Test("without a terminal the build prints a status line while it waits, naming the host it waits on")
    func neverSilent() async throws {
        let listener = try SilentListener()
        let site = try Self.site(
            count: 40, picture: { _ in nil }, detail: "http://127.0.0.1:\(listener.port)/d/{{id}}",
            extra: "images: { enabled: false }\nfetch: { timeout: 1s, retries: 1, backoff: 5ms }")
        defer { site.remove() }
        let run = try await ChildProcess.run(
            try ScrolleryCommand.executable(), ["build", site.folder.path],
            environment: ["CI": "true", "SCROLLERY_PROGRESS_INTERVAL": "0.2"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("still building, "))
        #expect(run.stderr.contains("waiting on 127.0.0.1:\(listener.port) ("))
        #expect(run.stderr.contains("127.0.0.1:\(listener.port) is down for this build"))
        #expect(run.stdout.contains("Host down: 127.0.0.1:\(listener.port) (16 attempts in a row failed"))
        // The requests that were never made are not each given a line.
        let itemLines = run.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("item ") }
        #expect(itemLines.count <= HostHealth.failuresToTrip + 8, "\(itemLines.count) item lines")
    }
}

/// Which attempts at a path fail: a fixed share, chosen by a hash of the path and the attempt's number,
/// so the test knows which items cannot be delivered whatever order the requests come in.
final class FlakyRule: Sendable {
    let failurePercent: UInt64
    private let attempts = Mutex<[String: Int]>([:])

    init(failurePercent: UInt64) { self.failurePercent = failurePercent }

    /// Whether attempt `attempt` (0 first) at `path` is answered.
    func rule(_ path: String, attempt: Int) -> Bool {
        // FNV-1a of "path#attempt".
        let hash = Array("\(path)#\(attempt)".utf8).reduce(UInt64(0xcbf2_9ce4_8422_2325)) {
            ($0 ^ UInt64($1)) &* 0x100_0000_01b3
        }
        return hash % 100 >= failurePercent
    }

    /// Counts an attempt at `path` and says whether it is answered.
    func answers(_ path: String) async -> Bool {
        let attempt = attempts.withLock { attempts in
            defer { attempts[path, default: 0] += 1 }
            return attempts[path, default: 0]
        }
        return rule(path, attempt: attempt)
    }
}

/// A TLS server on 127.0.0.1 whose certificate is self-signed (made by `openssl req`), so no client
/// trusts it: every handshake fails.
struct UntrustedTLSServer {
    let channel: any Channel
    let port: Int

    static func start() async throws -> UntrustedTLSServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("key.pem").path
        let certificate = folder.appendingPathComponent("certificate.pem").path
        let made = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/openssl"),
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "2",
                "-subj", "/CN=127.0.0.1",
            ])
        try #require(made.status == 0, "openssl (Debian's openssl package) made no certificate: \(made.stderr)")
        let context = try NIOSSLContext(
            configuration: .makeServerConfiguration(
                certificateChain: try NIOSSLCertificate.fromPEMFile(certificate).map { .certificate($0) },
                privateKey: .privateKey(try NIOSSLPrivateKey(file: key, format: .pem))))
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(channel.localAddress?.port)
        return UntrustedTLSServer(channel: channel, port: port)
    }

    func stop() async throws { try await channel.close() }
}

/// A port on 127.0.0.1 that nothing listens on (it was free a moment ago).
enum ClosedPort {
    static func find() throws -> Int {
        let listener = try SilentListener()
        return listener.port
    }
}

/// A socket on 127.0.0.1 that listens and never accepts: the kernel completes connections into its
/// backlog, requests are sent, and no answer ever comes. Closed when released.
final class SilentListener: Sendable {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && listen(socket, 512) == 0
                    && getsockname(socket, address, &length) == 0
            }
        }
        guard bound else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        descriptor = socket
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}
