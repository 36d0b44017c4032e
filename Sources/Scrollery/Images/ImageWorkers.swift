import Foundation
import ScrolleryIO

/// Runs the decoding and encoding of pictures on threads outside the concurrency pool (libvips blocks
/// the thread it runs on), `limit` at once: fetches, pages and other pictures' downloads go on meanwhile.
struct ImageWorkers: Sendable {
    private let permits: HostLimiter
    /// Jobs at once.
    let limit: Int

    /// - Parameter limit: jobs at once; 0 is one per core.
    init(limit: Int) {
        self.limit = limit > 0 ? limit : ProcessInfo.processInfo.activeProcessorCount
        permits = HostLimiter(limit: self.limit)
    }

    func run<Value: Sendable>(_ job: @escaping @Sendable () -> Value) async -> Value {
        await permits.acquire("pictures")
        let value = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: job()) }
        }
        permits.release("pictures")
        return value
    }
}
