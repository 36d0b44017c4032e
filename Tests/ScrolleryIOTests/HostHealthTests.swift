import Foundation
import Testing

@testable import ScrolleryIO

@Suite("Host health: the circuit breaker")
struct HostHealthTests {
    @Test("failed attempts in a row take a host down at the threshold, not one before")
    func tripsAtTheThreshold() {
        let health = HostHealth()
        for attempt in 1..<HostHealth.failuresToTrip {
            #expect(health.start("a.example", firstAttempt: true) == .go)
            #expect(!health.finish("a.example", .failed, reason: "connection refused"), "attempt \(attempt)")
        }
        #expect(health.outages.isEmpty)
        #expect(health.start("a.example", firstAttempt: true) == .go)
        #expect(health.finish("a.example", .failed, reason: "connection refused"))
        let outage = health.outages.first
        #expect(outage?.host == "a.example")
        #expect(outage?.reason == "16 attempts in a row failed, the last one: connection refused")
        guard case .refused(let reason) = health.start("a.example", firstAttempt: true) else {
            Issue.record("a host that is down let an attempt go")
            return
        }
        // The reason is shown to the user: its words are the point.
        #expect(reason.contains("connection refused"))
        #expect(health.start("a.example", firstAttempt: false) != .go)
        #expect(health.outages.first?.requestsNotMade == 1, "a refused retry was a request made")
        // Other hosts are not touched.
        #expect(health.start("b.example", firstAttempt: true) == .go)
    }

    @Test("one answer resets the run, so a host failing often but not always stays up")
    func anAnswerResetsTheRun() {
        let health = HostHealth()
        for _ in 0..<10 {
            for _ in 1..<HostHealth.failuresToTrip {
                _ = health.start("flaky.example", firstAttempt: true)
                health.finish("flaky.example", .failed, reason: "HTTP 503")
            }
            _ = health.start("flaky.example", firstAttempt: true)
            // A 404 is an answer: the host is there.
            health.finish("flaky.example", .answered)
        }
        #expect(health.outages.isEmpty)
        #expect(health.start("flaky.example", firstAttempt: true) == .go)
    }

    @Test("a failure no retry can mend takes the host down at once; neutral ends change nothing")
    func unreachableAtOnce() {
        let health = HostHealth()
        _ = health.start("x.invalid", firstAttempt: true)
        _ = health.start("x.invalid", firstAttempt: true)
        health.finish("x.invalid", .neutral)
        #expect(health.outages.isEmpty)
        #expect(health.finish("x.invalid", .unreachable("the host name x.invalid does not resolve")))
        #expect(
            health.outages == [
                .init(host: "x.invalid", reason: "the host name x.invalid does not resolve", requestsNotMade: 0)
            ])
        for _ in 0..<5 { _ = health.start("x.invalid", firstAttempt: true) }
        #expect(health.outages.first?.requestsNotMade == 5)
        #expect(health.activity.isEmpty, "a host that is down is not waited on")
    }

    @Test("activity lists the hosts in flight or failing, the busiest first")
    func activity() {
        let health = HostHealth()
        for _ in 0..<3 { _ = health.start("busy.example", firstAttempt: true) }
        _ = health.start("quiet.example", firstAttempt: true)
        health.finish("quiet.example", .failed, reason: "timeout")
        _ = health.start("done.example", firstAttempt: true)
        health.finish("done.example", .answered)
        #expect(
            health.activity == [
                .init(host: "busy.example", inFlight: 3, failuresInARow: 0),
                .init(host: "quiet.example", inFlight: 0, failuresInARow: 1),
            ])
    }

    @Test("a request refused for a host that is down is a failure of kind hostDown; an ordinary one is not")
    func refusalKind() {
        let reason = HostHealth.refusal("img.example", "the host name img.example does not resolve")
        let refused = FetchError(.hostDown, location: "https://img.example/1.jpg", reason: reason).failure
        #expect(refused.kind == .hostDown)
        #expect(refused.location == "https://img.example/1.jpg")
        #expect(refused.message == "https://img.example/1.jpg: " + reason)
        #expect(refused.underlying is FetchError)
        let missing = FetchError(.status(404), location: "https://img.example/2.jpg", reason: "HTTP 404").failure
        #expect(missing.kind == .status(404))
        let late = FetchError(.timeout, location: "https://img.example/3.jpg", reason: "no answer in 5 s").failure
        #expect(late.kind == .timedOut)
    }

    @Test("a name that does not exist cannot be mended by retrying; a lookup that could not be made can")
    func lookupFailures() {
        let missing = ConnectionFailure.lookup(
            host: "x.invalid", errorCode: Int(EAI_NONAME), description: "Name or service not known")
        #expect(missing.isPermanent)
        #expect(missing.reason == "the host name x.invalid does not resolve (Name or service not known)")
        let noServer = ConnectionFailure.lookup(
            host: "example.com", errorCode: Int(EAI_AGAIN), description: "Temporary failure in name resolution")
        #expect(!noServer.isPermanent)
        #expect(!ConnectionFailure(CancellationError()).isPermanent)
    }

    @Test("the unit of health is the host and its port")
    func origin() {
        #expect(HTTPFetcher.origin(host: "127.0.0.1", port: 8080) == "127.0.0.1:8080")
        #expect(HTTPFetcher.origin(host: "IMG.Example.com", port: nil) == "img.example.com")
        #expect(HTTPFetcher.origin(host: "::1", port: 80) == "[::1]:80")
    }
}
