/// The `deploy:` section of `scrollery.yml`: where `scrollery deploy` publishes the output folder. Never
/// credentials: those come from the environment.
public struct DeployConfig: Sendable, Equatable {
    /// `s3://BUCKET[/PREFIX]`.
    public var to: String?
    /// An S3-compatible server's `https://HOST[:PORT]`; AWS when absent.
    public var endpoint: String?
    public var region: String?
    /// At most this many deletes in one deploy.
    public var maxDeletes: Int?
    /// The first rule whose `match` fits a file's path gives its headers.
    public var headers: [DeployHeaderRule] = []

    public init() {}
}

/// One `deploy.headers` rule.
public struct DeployHeaderRule: Sendable, Equatable {
    /// A path pattern: `*` within a folder, `**` across folders.
    public var match: String
    public var cacheControl: String
    public var contentType: String?

    public init(match: String, cacheControl: String, contentType: String? = nil) {
        self.match = match
        self.cacheControl = cacheControl
        self.contentType = contentType
    }
}
