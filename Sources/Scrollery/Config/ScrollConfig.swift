/// Settings of the infinite-scroll script.
public struct ScrollConfig: Sendable {
    /// Pages loaded automatically before loading waits for a "Load more" button.
    public var autoPages: Int
}
