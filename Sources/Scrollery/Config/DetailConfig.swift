public import ScrolleryIO

/// The per-item detail request.
public struct DetailConfig: Sendable {
    /// The URL or local path of an item's detail, a template over the item (`{{id}}`).
    public var url: String
    /// How many detail requests may be in flight at once.
    public var concurrency: Int
    /// Request headers, with `${NAME}` resolved from the environment.
    public var headers: [HTTPHeader]
}
