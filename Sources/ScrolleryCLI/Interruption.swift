import Dispatch
import Foundation
import Synchronization

/// Turns SIGINT and SIGTERM into a call of `onInterrupt` instead of killing the process mid-write. A build
/// that has not stopped a second later (something it waits on does not answer to cancellation) is ended
/// there: a build killed at any moment leaves the previous site as it was, and the next build removes
/// the staging folder it leaves.
final class Interruption {
    /// How long a cancelled build may take to stop cleanly.
    static let grace: DispatchTimeInterval = .milliseconds(900)

    private final class Flag: Sendable {
        let value = Atomic(false)
    }

    private let sources: [any DispatchSourceSignal]
    private let flag = Flag()

    /// - Parameters:
    ///   - activity: what is stopped, in the messages: `build`, `deploy`.
    ///   - afterKill: what holds when it is ended anyway.
    init(
        activity: String = "build", afterKill: String = "the previous site is intact",
        onInterrupt: @escaping @Sendable () -> Void
    ) {
        let flag = self.flag
        sources = [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                flag.value.store(true, ordering: .relaxed)
                StandardError.write("\ninterrupted: stopping the \(activity)...\n")
                onInterrupt()
                DispatchQueue.global().asyncAfter(deadline: .now() + Interruption.grace) {
                    StandardError.write("interrupted: the \(activity) did not stop in time; ending it (\(afterKill))\n")
                    _exit(130)
                }
            }
            source.resume()
            return source
        }
    }

    /// Whether a signal arrived.
    var happened: Bool { flag.value.load(ordering: .relaxed) }

    func stop() {
        for source in sources { source.cancel() }
    }
}
