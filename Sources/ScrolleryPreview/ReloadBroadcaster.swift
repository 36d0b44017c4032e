import Foundation

/// What the preview tells the pages it served: rebuilt (reload), or the rebuild failed (show why).
public enum PreviewEvent: Sendable, Equatable {
    /// A rebuild finished: pages reload.
    case reload
    /// A rebuild failed: pages show the message; the last good build is still served.
    case buildFailed(String)

    /// The event as Server-Sent Events text.
    var serverSentEvent: String {
        switch self {
        case .reload:
            return "event: reload\ndata: {}\n\n"
        case .buildFailed(let message):
            let data = message.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)" }
            return "event: build-error\n" + data.joined(separator: "\n") + "\n\n"
        }
    }
}

/// Sends preview events to every connected page (each an SSE stream).
actor ReloadBroadcaster {
    private var subscribers: [UUID: AsyncStream<PreviewEvent>.Continuation] = [:]
    private var closed = false

    func subscribe() -> AsyncStream<PreviewEvent> {
        let (stream, continuation) = AsyncStream<PreviewEvent>.makeStream(bufferingPolicy: .bufferingNewest(8))
        guard !closed else {
            continuation.finish()
            return stream
        }
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.unsubscribe(id) } }
        return stream
    }

    func broadcast(_ event: PreviewEvent) {
        for continuation in subscribers.values { continuation.yield(event) }
    }

    /// Ends every stream, so the server can shut down without waiting for pages to go away.
    func close() {
        closed = true
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }

    var count: Int { subscribers.count }

    private func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }
}
