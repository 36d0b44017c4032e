import Foundation
import ScrolleryIO

/// Runs the decoding and encoding of pictures on threads outside the concurrency pool (libvips blocks
/// the thread it runs on), `limit` at once: fetches, pages and other pictures' downloads go on meanwhile.
struct ImageWorkers: Sendable {
    private let permits: Permits
    /// Jobs at once.
    let limit: Int

    /// - Parameter limit: jobs at once; 0 is one per core.
    init(limit: Int) {
        self.limit = limit > 0 ? limit : ProcessInfo.processInfo.activeProcessorCount
        permits = Permits(limit: self.limit)
    }

    /// Runs `job` on a worker thread once one of the `limit` is free.
    /// - Throws: `CancellationError` when the task is cancelled while it waits (`job` then does not run).
    func run<Value: Sendable>(_ job: @escaping @Sendable () -> Value) async throws -> Value {
        try await permits.withPermit {
            await withCheckedContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: job()) }
            }
        }
    }
}
