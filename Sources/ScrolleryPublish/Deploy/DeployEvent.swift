/// What a deploy tells its reporter as it goes.
package enum DeployEvent: Sendable {
    /// The listing so far: `objects` keys under the prefix.
    case listed(objects: Int)
    /// The previous deploy's manifest was read instead of a listing: `objects` files.
    case manifestRead(objects: Int)
    /// The manifest could not be used (absent, unreadable, or `--verify`): the bucket is listed.
    case listing(reason: String)
    /// The plan, complete, before any write.
    case planned(PublishPlan)
    /// A step starts: `files` uploads of `bytes` in all, or `files` deletes.
    case stepStarted(name: String, files: Int, bytes: Int64)
    /// One file is in the bucket.
    case uploaded(path: String, bytes: Int64)
    /// A batch of keys is gone.
    case deleted(count: Int)
    /// The server said SlowDown: at most `inFlight` requests at once from now on.
    case slowedDown(inFlight: Int)
    /// A listed key under the prefix was left alone.
    case skipped(key: String, reason: String)
}

/// How a deploy runs, besides where it goes.
package struct DeployOptions: Sendable {
    package var dryRun = false
    package var maxDeletes = DeleteLimit.defaultLimit
    /// At most this many requests at once.
    package var concurrency = 8
    /// Where to write the changed URL paths, one a line.
    package var changedPathsFile: String?
    /// The config's `deploy.headers`.
    package var headerRules: [HeaderRule] = []
    /// List the bucket instead of reading the previous deploy's manifest (`--verify`).
    package var verify = false

    package init() {}
}
