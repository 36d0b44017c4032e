import Synchronization

/// Counts of the image pipeline's work, readable while the build runs.
final class PictureStatistics: Sendable {
    private let counts = Mutex(ImageCounts())

    func update(_ change: (inout ImageCounts) -> Void) { counts.withLock { change(&$0) } }

    var snapshot: ImageCounts { counts.withLock { $0 } }
}
