package import AsyncHTTPClient
import Foundation
package import Logging
package import NIOCore
import NIOHTTPCompression
package import ScrolleryCore
import Synchronization

/// Fetches http(s) URLs with one shared, pooled client: at most `concurrency` requests per host,
/// a deadline per request (body included), retries with backoff and full jitter, `Retry-After` and
/// rate-limit resets honoured, redirects followed (configured headers only to their own origin), gzip
/// accepted, bodies capped before and after decompression. Locations in errors and logs are redacted.
package struct HTTPFetcher: Fetcher {
    package static let userAgent = "Scrollery/0.1 (static site generator)"

    package let client: HTTPClient
    package let settings: FetchConfig
    package let limiter: Permits
    package let statistics: FetchStatistics
    package let redactor: Redactor
    package let logger: Logger
    /// Where the jitter of a retry's wait comes from.
    package let jitter: JitterSource
    /// What a retry waits on (a request's deadline is always real time).
    package let clock: any WaitClock
    /// What cuts off an attempt at `fetch.timeout`.
    let deadlines = AttemptDeadlines()

    package init(
        client: HTTPClient, settings: FetchConfig, statistics: FetchStatistics, redactor: Redactor, logger: Logger,
        jitter: JitterSource = .system, clock: any WaitClock = SystemWaitClock()
    ) {
        self.client = client
        self.settings = settings
        self.limiter = Permits(limit: settings.concurrency)
        self.statistics = statistics
        self.redactor = redactor
        self.logger = logger
        self.jitter = jitter
        self.clock = clock
    }

    /// A client configured for these settings; the caller shuts it down.
    /// - Parameter largestBody: the largest body any request may have after decompression (images may be
    ///   larger than JSON documents); `settings.maxBodySize` by default.
    package static func makeClient(_ settings: FetchConfig, largestBody: Int? = nil) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            // Redirects are followed by `attemptOnce`, which decides what headers go along.
            redirectConfiguration: .disallow,
            timeout: .init(
                connect: timeAmount(min(settings.timeout, .seconds(10))), read: timeAmount(settings.timeout)),
            decompression: .enabled(limit: .size(max(settings.maxBodySize, largestBody ?? 0))))
        configuration.connectionPool = .init(idleTimeout: .seconds(30))
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = settings.concurrency
        // A connection that fails fails its request at once: `fetch` decides whether to try again, so a
        // host that is not there costs one attempt, not a pool retrying it with backoff until the deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        // No spans: the build traces nothing, and the default no-op tracer still reads each request's URL
        // again to name a span's attributes.
        configuration.tracing.tracer = nil
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    package func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let shown = redactor(request.location)
        guard let url = URL(string: request.location), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else {
            throw FetchError(.unsupported, location: shown, reason: "is not an http(s) URL")
        }
        let origin = Self.origin(host: host, port: url.port)
        let hosts = statistics.hosts
        let policy = RetryPolicy(settings: settings, jitter: jitter)
        var attempt = 0
        while true {
            guard !Task.isCancelled else { throw FetchError(.cancelled, location: shown, reason: "cancelled") }
            var outcome: Outcome
            do {
                outcome = try await limiter.withPermit(for: host) { [attempt] () async -> Outcome in
                    // Asked after the wait for a permit: a host may have gone down while this request queued.
                    if case .refused(let down) = hosts.start(origin, firstAttempt: attempt == 0) {
                        return .refused(down)
                    }
                    return await attemptOnce(request, url: url, origin: origin)
                }
            } catch {
                throw FetchError(.cancelled, location: shown, reason: "cancelled")
            }
            // Where the attempt ended: the request's host, or another one a redirect led to, whose health the
            // redirect's hop kept (the request's own host answered, with the redirect).
            var ended = origin
            if case .redirected(let elsewhere, let last) = outcome {
                hosts.finish(origin, .answered)
                (ended, outcome) = (elsewhere, last)
            }
            if case .refused(let down) = outcome {
                throw FetchError(.hostDown, location: shown, reason: HostHealth.refusal(ended, down))
            }
            // The request's own host's health; a hop elsewhere was counted by the redirect loop.
            let (health, healthReason) = Self.health(of: outcome)
            let tookDown = ended == origin && hosts.finish(origin, health, reason: healthReason)
            let decision: RetryPolicy.Decision
            switch outcome {
            case .response(let response) where (200..<300).contains(response.status) || response.status == 304:
                return response
            case .response(let response):
                decision = policy.decide(status: response.status, headers: response.headers, attempt: attempt)
            case .failure(let kind, let reason) where [.tooLarge, .cancelled, .unsupported].contains(kind):
                throw FetchError(kind, location: shown, reason: reason)
            case .unreachable(let reason):
                if tookDown {
                    logger.warning("\(origin) is down for this build: \(reason); its requests are not made")
                }
                throw FetchError(
                    .hostDown, location: shown,
                    reason: redactor("\(reason); no request to \(ended) is made again in this build"))
            case .failure(let kind, let reason):
                if tookDown {
                    let failures = HostHealth.failuresToTrip
                    logger.warning(
                        "\(origin) is down for this build: \(failures) attempts in a row failed (\(reason)); its requests are not made"
                    )
                }
                decision = policy.decide(failure: kind, reason: reason, attempt: attempt)
            case .refused, .redirected:
                // Both taken above; a redirect's outcome is never wrapped twice.
                throw FetchError(.unsupported, location: shown, reason: "redirects in a way that cannot be followed")
            }
            switch decision {
            case .fail(let kind, let reason):
                logger.debug("giving up on \(shown): \(reason)")
                throw FetchError(kind, location: shown, reason: redactor(reason))
            case .retry(let wait):
                statistics.update {
                    $0.retries += 1
                    $0.retryWait += wait
                }
                logger.notice("retrying \(shown) in \(wait) (attempt \(attempt + 2) of \(settings.retries + 1))")
                do {
                    try await clock.wait(wait)
                } catch {
                    throw FetchError(.cancelled, location: shown, reason: "cancelled")
                }
                attempt += 1
            }
        }
    }

    /// The host and, when the URL names one, its port: the unit whose health the build follows.
    package static func origin(host: String, port: Int?) -> String {
        // `utf8.contains`: Foundation's `contains` of a string would search through `NSString`.
        let name = host.utf8.contains(UInt8(ascii: ":")) ? "[\(host.lowercased())]" : host.lowercased()
        return port.map { "\(name):\($0)" } ?? name
    }

    private enum Outcome: Sendable {
        case response(FetchResponse)
        case failure(FetchError.Kind, String)
        /// No retry can mend it (`ConnectionFailure.isPermanent`).
        case unreachable(String)
        /// Not attempted: the host is down for this build, for this reason.
        case refused(String)
        /// How the request ended at another host (origin) that a redirect led to.
        indirect case redirected(String, Outcome)
    }

    /// What an attempt's outcome says of the health of the host that gave it, and why: the one rule for the
    /// request's own host and for a host a redirect led to.
    private static func health(of outcome: Outcome) -> (HostHealth.Result, String) {
        switch outcome {
        case .response(let response):
            return (response.status >= 500 ? .failed : .answered, "HTTP \(response.status)")
        case .failure(let kind, _) where [.tooLarge, .cancelled, .unsupported].contains(kind):
            return (.neutral, "")
        case .failure(_, let reason): return (.failed, reason)
        case .unreachable(let reason): return (.unreachable(reason), reason)
        case .refused, .redirected: return (.neutral, "")
        }
    }

    /// One attempt, redirects included, within `fetch.timeout` from the first byte sent to the last byte
    /// of the body: a server that trickles its body never holds a build longer than that.
    private func attemptOnce(_ request: FetchRequest, url: URL, origin: String) async -> Outcome {
        let timeout = settings.timeout
        let hop = HopInProgress()
        let outcome = await deadlines.run(within: timeout, completed: Self.answered) {
            await self.attemptFollowingRedirects(request, url: url, origin: origin, hop: hop)
        }
        if let outcome { return outcome }
        let late = Outcome.failure(.timeout, "no response within \(timeout) (fetch.timeout, body included)")
        // Late at another host a redirect led to: that host's, whose hop counts it as failed.
        return hop.origin.withLock { $0 }.map { .redirected($0, late) } ?? late
    }

    /// Whether an outcome is a whole response (from the request's host or the last of its redirects).
    private static func answered(_ outcome: Outcome) -> Bool {
        switch outcome {
        case .response: true
        case .redirected(_, let last): answered(last)
        default: false
        }
    }

    /// The origin of the redirect hop to another host that an attempt is waiting on, if any.
    private final class HopInProgress: Sendable {
        let origin = Mutex<String?>(nil)
    }

    /// One attempt and the redirects it is answered with. A hop to another host (a CDN, say) counts in
    /// that host's health, not the request's: the outcome is then `.redirected`, and a host that is down
    /// is not asked again. `original` is the request's location as a URL.
    private func attemptFollowingRedirects(
        _ request: FetchRequest, url original: URL, origin: String, hop inProgress: HopInProgress
    ) async -> Outcome {
        let rule = RedirectRule(maxRedirects: settings.maxRedirects)
        let hosts = statistics.hosts
        var current = original
        var visited = [original]
        var sendHeaders = true
        while true {
            let hop = Self.origin(host: current.host ?? "", port: current.port)
            let elsewhere = hop != origin
            if elsewhere, case .refused(let down) = hosts.start(hop, firstAttempt: true) {
                return .redirected(hop, .refused(down))
            }
            inProgress.origin.withLock { $0 = elsewhere ? hop : nil }
            let outcome = await send(
                current.absoluteString, headers: sendHeaders ? request.headers : [], content: request.content)
            if elsewhere {
                // Cut off by the attempt's deadline (or the build's end): no answer in time from that host.
                let (health, reason) =
                    Task.isCancelled
                    ? (HostHealth.Result.failed, "no response within \(settings.timeout)") : Self.health(of: outcome)
                if hosts.finish(hop, health, reason: reason) {
                    logger.warning("\(hop) is down for this build: \(reason); requests redirected to it are not made")
                }
            }
            guard case .response(let response) = outcome, RedirectRule.statuses.contains(response.status),
                let location = response.headers["location"]
            else { return elsewhere ? .redirected(hop, outcome) : outcome }
            switch rule.decide(location: location, from: current, original: original, visited: visited) {
            case .follow(let next, let sameOrigin):
                logger.debug("\(redactor(current.absoluteString)) redirects to \(redactor(next.absoluteString))")
                current = next
                visited.append(next)
                sendHeaders = sendHeaders && sameOrigin
            case .refuse(let reason):
                return .failure(.unsupported, reason)
            }
        }
    }

    /// One request and its whole body, not following redirects.
    private func send(_ location: String, headers: [HTTPHeader], content: FetchedContent) async -> Outcome {
        let limit = content.limit(json: settings.maxBodySize)
        let tooLargeReason =
            "the response is larger than \(content.limitName) (\(limit) bytes); raise it if this is expected"
        var outgoing = HTTPClientRequest(url: location)
        outgoing.headers.add(name: "User-Agent", value: Self.userAgent)
        outgoing.headers.add(name: "Accept", value: content.accept)
        outgoing.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        for header in headers { outgoing.headers.replaceOrAdd(name: header.name, value: header.value) }
        statistics.update {
            $0.requests += 1
            $0.inFlight += 1
        }
        defer { statistics.update { $0.inFlight -= 1 } }
        do {
            let response = try await client.execute(outgoing, timeout: Self.timeAmount(settings.timeout))
            if let length = response.headers.first(name: "content-length").flatMap(Int.init),
                length > limit
            {
                return .failure(.tooLarge, tooLargeReason)
            }
            let encoded = response.headers.first(name: "content-encoding").map { !$0.isEmpty && $0 != "identity" }
            let body: ByteBuffer
            do {
                body = try await response.body.collect(upTo: limit)
            } catch is NIOTooManyBytesError where encoded == true {
                return .failure(
                    .tooLarge, "the response is larger than \(content.limitName) (\(limit) bytes) after decompression")
            }
            statistics.update { $0.bytes += body.readableBytes }
            var headers = [String: String](minimumCapacity: response.headers.count)
            for (name, value) in response.headers {
                let key = name.lowercased()
                headers[key] = headers[key].map { "\($0), \(value)" } ?? value
            }
            return .response(
                FetchResponse(
                    body: Data(body.readableBytesView), status: Int(response.status.code), headers: headers,
                    location: location))
        } catch is NIOTooManyBytesError {
            return .failure(.tooLarge, tooLargeReason)
        } catch NIOHTTPDecompression.DecompressionError.limit {
            return .failure(
                .tooLarge,
                "the response is larger than \(content.limitName) (\(limit) bytes) after decompression")
        } catch let error as HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                return .failure(.timeout, "no response within \(settings.timeout) (fetch.timeout)")
            case .cancelled:
                return .failure(.cancelled, "cancelled")
            default:
                return Self.outcome(of: error)
            }
        } catch is CancellationError {
            return .failure(.cancelled, "cancelled")
        } catch {
            return Self.outcome(of: error)
        }
    }

    private static func outcome(of error: any Error) -> Outcome {
        let failure = ConnectionFailure(error)
        return failure.isPermanent ? .unreachable(failure.reason) : .failure(.connection, failure.reason)
    }

    package static func timeAmount(_ duration: Duration) -> TimeAmount {
        .milliseconds(Int64(duration / .milliseconds(1)))
    }
}
