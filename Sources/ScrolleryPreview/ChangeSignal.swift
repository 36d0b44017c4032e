import Synchronization

/// Counts the changes a watcher saw and wakes whoever waits for them: the count tells whether anything
/// changed since a moment (while changes settle, or during a rebuild), the stream wakes the waiter
/// without it polling. It also keeps the paths of the latest changes, in the order seen.
final class ChangeSignal: Sendable {
    /// The changed paths kept: the latest.
    static let pathsKept = 256

    private let count = Mutex(0)
    /// The latest changed paths, and how many were ever seen.
    private let paths = Mutex<(kept: [String], seen: Int)>(([], 0))
    private let continuation: AsyncStream<Void>.Continuation
    /// Yields after changes; several changes before the waiter looks are one wake-up.
    let wakeUps: AsyncStream<Void>

    init() {
        (wakeUps, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Something changed: the files or folders at `paths`, when the watcher knows them.
    func changed(_ paths: [String] = []) {
        if !paths.isEmpty {
            self.paths.withLock {
                $0.kept += paths
                $0.seen += paths.count
                if $0.kept.count > Self.pathsKept { $0.kept.removeFirst($0.kept.count - Self.pathsKept) }
            }
        }
        count.withLock { $0 += 1 }
        continuation.yield()
    }

    /// The paths of the latest changes, oldest first.
    var changedPaths: [String] { paths.withLock { $0.kept } }

    /// How many changed paths were ever seen.
    var pathsSeen: Int { paths.withLock { $0.seen } }

    /// The changed paths seen after the first `seen` (those still kept), oldest first.
    func paths(after seen: Int) -> [String] {
        paths.withLock { Array($0.kept.suffix(max(0, min($0.seen - seen, $0.kept.count)))) }
    }

    /// How many changes were seen so far.
    var changes: Int { count.withLock { $0 } }
}
