import Foundation
import NIOCore

/// How many threads run the network's event loops (fetching, deploying, previewing): one, unless the
/// environment sets `NIO_SINGLETON_GROUP_LOOP_COUNT`. A build's requests are little work next to what it
/// does with their answers on Swift's own threads; a second loop thread only makes them take turns.
enum NetworkThreads {
    /// Sets the count before any event loop exists; call it first thing in `main`.
    static func configure(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard environment["NIO_SINGLETON_GROUP_LOOP_COUNT"] == nil else { return }
        NIOSingletons.groupLoopCountSuggestion = 1
    }
}
