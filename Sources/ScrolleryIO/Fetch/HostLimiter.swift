/// Allows at most `limit` holders per key (per host for requests; one key for a build's details); the others
/// wait their turn in order.
package actor HostLimiter {
    package let limit: Int
    private var inFlight: [String: Int] = [:]
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    package init(limit: Int) {
        self.limit = max(1, limit)
    }

    package func acquire(_ host: String) async {
        if inFlight[host, default: 0] < limit {
            inFlight[host, default: 0] += 1
            return
        }
        // The slot is handed over by `release`, so the count stays at the limit.
        await withCheckedContinuation { waiting[host, default: []].append($0) }
    }

    package func release(_ host: String) {
        if var queue = waiting[host], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[host] = queue
            next.resume()
        } else {
            inFlight[host, default: 1] -= 1
        }
    }
}
