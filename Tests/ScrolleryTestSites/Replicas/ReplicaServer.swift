import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// What a replica saw: every request, and the most requests it ever had in flight at once.
actor ReplicaLog {
    struct Entry: Sendable {
        let path: String
        let query: String
        let headers: [String: String]
        let started: ContinuousClock.Instant
        let date: Date
    }

    private(set) var entries: [Entry] = []
    private(set) var inFlight = 0
    private(set) var maxInFlight = 0
    private(set) var finished: [(path: String, at: ContinuousClock.Instant)] = []
    private struct Waiter {
        let pathPrefix: String
        let count: Int
        let answered: Bool
        let continuation: CheckedContinuation<Void, Never>
    }
    private var waiters: [Int: Waiter] = [:]
    private var nextWaiter = 0

    func begin(_ request: Request) {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName.lowercased()] = field.value }
        entries.append(
            Entry(path: request.uri.path, query: request.uri.query ?? "", headers: headers, started: .now, date: Date())
        )
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
        wakeWaiters()
    }

    func end(_ path: String) {
        inFlight -= 1
        finished.append((path, .now))
        wakeWaiters()
    }

    func count(pathPrefix: String) -> Int {
        entries.filter { $0.path.hasPrefix(pathPrefix) }.count
    }

    /// Returns once `count` requests whose path starts with `pathPrefix` have arrived (or, with `answered`,
    /// have been answered), or after `deadline`, so a client that never sends them fails its test instead
    /// of hanging it.
    func wait(
        until count: Int, pathPrefix: String, answered: Bool = false, deadline: Duration = .seconds(30)
    ) async {
        if reached(count, pathPrefix: pathPrefix, answered: answered) { return }
        let id = nextWaiter
        nextWaiter += 1
        let timer = Task { [weak self] in
            try? await Task.sleep(for: deadline)
            await self?.wake(id)
        }
        defer { timer.cancel() }
        await withCheckedContinuation {
            waiters[id] = Waiter(pathPrefix: pathPrefix, count: count, answered: answered, continuation: $0)
        }
    }

    private func reached(_ count: Int, pathPrefix: String, answered: Bool) -> Bool {
        let seen =
            answered ? finished.lazy.filter { $0.path.hasPrefix(pathPrefix) }.count : self.count(pathPrefix: pathPrefix)
        return seen >= count
    }

    private func wakeWaiters() {
        for (id, waiter) in waiters
        where reached(waiter.count, pathPrefix: waiter.pathPrefix, answered: waiter.answered) {
            wake(id)
        }
    }

    private func wake(_ id: Int) {
        waiters.removeValue(forKey: id)?.continuation.resume()
    }
}

/// Faults a replica injects, decided per request.
actor FaultPlan {
    enum Fault: Sendable {
        case status(Int, headers: [String: String] = [:], body: String = #"{"message":"injected"}"#)
        case hang
        case body(String, contentType: String = "application/json")
    }

    private var rules: [(pathPrefix: String, remaining: Int, fault: Fault)] = []
    private var gates: [(pathPrefix: String, gate: InFlightGate)] = []
    var latency: Duration = .zero

    func setLatency(_ latency: Duration) { self.latency = latency }

    /// Holds requests whose path starts with `pathPrefix` until `count` of them are held at once, then lets
    /// every request through; after `deadline` it opens anyway, so a client that never sends `count` fails
    /// its test instead of hanging it.
    func addGate(pathPrefix: String, opensAt count: Int, deadline: Duration = .seconds(20)) {
        gates.append((pathPrefix, InFlightGate(opensAt: count, deadline: deadline)))
    }

    func gate(for path: String) -> InFlightGate? {
        gates.first { path.hasPrefix($0.pathPrefix) }?.gate
    }

    /// Injects `fault` on the next `times` requests whose path starts with `pathPrefix`.
    func add(_ fault: Fault, pathPrefix: String, times: Int = 1) {
        rules.append((pathPrefix, times, fault))
    }

    func take(for path: String) -> Fault? {
        guard let index = rules.firstIndex(where: { path.hasPrefix($0.pathPrefix) && $0.remaining > 0 }) else {
            return nil
        }
        rules[index].remaining -= 1
        return rules[index].fault
    }
}

/// A barrier for requests: closed until `opensAt` requests wait at it together (or its deadline passes),
/// open for good after that. Lets a test see a client's concurrency however slowly the machine runs.
actor InFlightGate {
    private let opensAt: Int
    private let deadline: Duration
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false
    private var timer: Task<Void, Never>?

    init(opensAt: Int, deadline: Duration) {
        self.opensAt = opensAt
        self.deadline = deadline
    }

    func pass() async {
        if isOpen { return }
        if timer == nil {
            let deadline = deadline
            timer = Task { [weak self] in
                try? await Task.sleep(for: deadline)
                await self?.open()
            }
        }
        await withCheckedContinuation { continuation in
            waiting.append(continuation)
            if waiting.count >= opensAt { open() }
        }
    }

    private func open() {
        isOpen = true
        timer?.cancel()
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }
}

/// Records every request and injects the planned faults and latency.
struct ReplicaMiddleware<Context: RequestContext>: RouterMiddleware {
    let log: ReplicaLog
    let faults: FaultPlan

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        await log.begin(request)
        let path = request.uri.path
        do {
            if let gate = await faults.gate(for: path) { await gate.pass() }
            let latency = await faults.latency
            if latency > .zero { try await Task.sleep(for: latency) }
            let response: Response
            switch await faults.take(for: path) {
            case .status(let status, let headers, let body):
                response = Response.json(body, status: .init(code: status), headers: headers)
            case .hang:
                // Longer than the client waits; bounded so the server can shut down.
                try await Task.sleep(for: .seconds(3))
                response = Response(status: .gatewayTimeout)
            case .body(let body, let contentType):
                response = Response.json(body, headers: ["Content-Type": contentType])
            case nil:
                response = try await next(request, context)
            }
            await log.end(path)
            return response
        } catch {
            await log.end(path)
            throw error
        }
    }
}

extension Response {
    static func json(_ text: String, status: HTTPResponse.Status = .ok, headers: [String: String] = [:]) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = "application/json; charset=utf-8"
        for (name, value) in headers {
            if let fieldName = HTTPField.Name(name) { fields[fieldName] = value }
        }
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func json(encoding value: Any, status: HTTPResponse.Status = .ok, headers: [String: String] = [:])
        -> Response
    {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data("null".utf8)
        return json(String(decoding: data, as: UTF8.self), status: status, headers: headers)
    }
}

extension Response {
    /// A JSON response with an `ETag`; `304 Not Modified` when the request's `If-None-Match` matches.
    static func conditionalJSON(_ request: Request, encoding value: Any, headers: [String: String] = [:]) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data()
        // FNV-1a: the same body always gives the same tag.
        let hash = data.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let etag = "\"\(String(hash, radix: 16))\""
        if request.headers[.ifNoneMatch] == etag {
            var fields = HTTPFields()
            fields[.eTag] = etag
            return Response(status: .notModified, headers: fields)
        }
        return json(String(decoding: data, as: UTF8.self), headers: headers.merging(["ETag": etag]) { $1 })
    }
}

/// A replica API on 127.0.0.1 and a free port, for the duration of `body`.
struct Replica {
    let log = ReplicaLog()
    let faults = FaultPlan()

    func run<Value: Sendable>(
        routes: (Router<BasicRequestContext>) -> Void, _ body: @Sendable (_ baseURL: String) async throws -> Value
    ) async throws -> Value {
        let router = Router()
        router.add(middleware: ReplicaMiddleware(log: log, faults: faults))
        routes(router)
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            let port = try #require(client.port)
            return try await body("http://127.0.0.1:\(port)")
        }
    }
}
