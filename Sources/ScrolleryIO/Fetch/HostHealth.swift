import Synchronization

/// What a build learned of each host it sends requests to, and the circuit breaker that follows from it.
///
/// A host is down for the rest of the build after one failure that no retry can mend (its name does not
/// resolve, its certificate does not verify) or after `failuresToTrip` failed attempts in a row with no
/// answer in between; its later requests are refused at once instead of being made. Any answer below 500
/// resets the run, so a slow or flaky host that still answers is never cut off.
public final class HostHealth: Sendable {
    /// Failed attempts in a row that take a host down. An attempt that fails by chance does not come in
    /// runs this long: a host failing 30% of attempts starts a run of 16 once in about 330 million
    /// attempts (0.7 · 0.3^16), while a host that is down reaches it within its first few requests.
    public static let failuresToTrip = 16

    /// A host that was down, why, and how many requests to it were refused without being made.
    public struct Outage: Sendable, Equatable {
        /// The host, with its port when the URL named one (`img.example.com`, `127.0.0.1:8080`).
        public var host: String
        /// Why it was taken down, in words.
        public var reason: String
        /// Requests refused without a first attempt.
        public var requestsNotMade: Int
    }

    /// A host with requests in flight or failures in its current run, for progress lines.
    public struct Activity: Sendable, Equatable {
        /// The host, as in `Outage`.
        public var host: String
        /// Attempts in flight now.
        public var inFlight: Int
        /// Failed attempts since its last answer.
        public var failuresInARow: Int
    }

    /// How one attempt ended, as far as the host's health goes.
    package enum Result: Sendable, Equatable {
        /// The host answered with a status below 500.
        case answered
        /// No answer, or a 5xx: trying again might work.
        case failed
        /// No answer, and trying again cannot help: the host is down at once for this reason.
        case unreachable(String)
        /// Says nothing of the host (the request was cancelled, or its body was too large).
        case neutral
    }

    private struct Host {
        var inFlight = 0
        var failuresInARow = 0
        var lastFailure = ""
        var outage: Int?
    }

    private struct State {
        var hosts: [String: Host] = [:]
        var outages: [Outage] = []
    }

    private let state = Mutex(State())

    /// No host known yet.
    public init() {}

    /// Whether an attempt may be made.
    package enum Admission: Sendable, Equatable {
        /// It may: it is in flight until `finish`.
        case go
        /// It may not: the host is down for this build, for this reason.
        case refused(reason: String)
    }

    /// Starts an attempt to `host`, or refuses it when the host is down.
    /// - Parameter firstAttempt: whether the request was not made before (a refused first attempt counts
    ///   as a request not made; a refused retry does not).
    package func start(_ host: String, firstAttempt: Bool) -> Admission {
        state.withLock { state in
            if let index = state.hosts[host]?.outage {
                if firstAttempt { state.outages[index].requestsNotMade += 1 }
                return .refused(reason: state.outages[index].reason)
            }
            state.hosts[host, default: Host()].inFlight += 1
            return .go
        }
    }

    /// Ends an attempt that `start` let go ahead.
    /// - Parameters:
    ///   - result: how it ended.
    ///   - reason: for `.failed`, what happened, kept for the outage's reason.
    /// - Returns: whether this attempt took the host down.
    @discardableResult
    package func finish(_ host: String, _ result: Result, reason: String = "") -> Bool {
        state.withLock { state in
            var record = state.hosts[host, default: Host()]
            record.inFlight -= 1
            defer { state.hosts[host] = record }
            guard record.outage == nil else { return false }
            let downReason: String
            switch result {
            case .neutral:
                return false
            case .answered:
                record.failuresInARow = 0
                return false
            case .failed:
                record.failuresInARow += 1
                record.lastFailure = reason
                guard record.failuresInARow >= Self.failuresToTrip else { return false }
                downReason = "\(record.failuresInARow) attempts in a row failed, the last one: \(reason)"
            case .unreachable(let reason):
                downReason = reason
            }
            record.outage = state.outages.count
            state.outages.append(Outage(host: host, reason: downReason, requestsNotMade: 0))
            return true
        }
    }

    /// The reason given for a request refused because `host` is down (a `FetchError` of kind `.hostDown`).
    package static func refusal(_ host: String, _ reason: String) -> String {
        "not requested: \(host) is down for this build (\(reason))"
    }

    /// The hosts that went down, in the order they did.
    public var outages: [Outage] { state.withLock { $0.outages } }

    /// The hosts that are up with attempts in flight or failing now, the busiest first.
    public var activity: [Activity] {
        state.withLock { state in
            state.hosts.compactMap { host, record in
                guard record.outage == nil, record.inFlight > 0 || record.failuresInARow > 0 else { return nil }
                return Activity(host: host, inFlight: record.inFlight, failuresInARow: record.failuresInARow)
            }
        }.sorted { ($0.inFlight, $0.failuresInARow, $1.host) > ($1.inFlight, $1.failuresInARow, $0.host) }
    }
}
