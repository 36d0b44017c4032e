import Dispatch
import Foundation
import Synchronization

/// Turns SIGINT and SIGTERM into a call of `onInterrupt` instead of killing the process mid-write.
final class Interruption {
    private final class Flag: Sendable {
        let value = Atomic(false)
    }

    private let sources: [any DispatchSourceSignal]
    private let flag = Flag()

    init(onInterrupt: @escaping @Sendable () -> Void) {
        let flag = self.flag
        sources = [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                flag.value.store(true, ordering: .relaxed)
                FileHandle.standardError.write(Data("\ninterrupted: stopping the build...\n".utf8))
                onInterrupt()
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
