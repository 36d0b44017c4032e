public import Scrollery

/// How `scrollery serve` runs.
public struct PreviewOptions: Sendable {
    /// The address to listen on; the loopback address by default, so nothing outside this machine sees it.
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one.
    public var port = 8000
    /// Added to every page and asset response, to see the scroll's loading state.
    public var latency: Duration = .zero
    /// The share of page and asset requests answered with a 500, to see the scroll's error and retry.
    public var failRate = 0.0
    /// How long a connection may go without sending a complete request before it is closed (an open
    /// event stream, whose request is complete, stays open).
    public var idleTimeout: Duration = .seconds(10)
    /// The most connections served at once; more wait in the system's queue until one closes, so no
    /// number of connections can use up the preview's file descriptors.
    public var maxConnections = 256
    /// How the site folder is watched for changes.
    public var watching = PreviewWatchMethod.automatic
    /// How often the site folder is scanned for changes when it is polled.
    public var pollInterval: Duration = .milliseconds(250)
    /// How long changes must settle before a rebuild starts.
    public var debounce: Duration = .milliseconds(150)
    /// Shut down gracefully on SIGINT and SIGTERM (off when the preview runs inside another program).
    public var handlesSignals = true
    /// Options of every build (a theme folder to watch, `--strict`, …).
    public var build = BuildOptions()

    /// The defaults.
    public init() {}
}

/// How the preview notices changes in the site.
public enum PreviewWatchMethod: Sendable {
    /// The kernel's change notification (inotify) on Linux, falling back to polling where it is not
    /// available or fails (a warning says why); polling elsewhere.
    case automatic
    /// Scanning every file every `pollInterval`.
    case polling
}
