import Foundation

/// What a finished build did.
public struct BuildSummary: Sendable, Equatable {
    /// Items written.
    public var items = 0
    /// Listing pages written.
    public var pages = 0
    /// Source pages fetched.
    public var sourcePages = 0
    /// Items whose details failed.
    public var detailsFailed = 0
    /// Files in the output folder.
    public var files = 0
    /// Wall-clock time of the build.
    public var duration: Duration = .zero
    /// Where the site was written.
    public var outputPath = ""
    /// HTTP requests sent, retries included.
    public var requests = 0
    /// Retries among them.
    public var retries = 0
    /// Response bytes received.
    public var bytes = 0
    /// Responses taken from the cache without a request.
    public var cacheHits = 0
    /// Conditional requests answered `304 Not Modified`.
    public var notModified = 0
    /// Stale cache entries used because a request failed.
    public var staleUsed = 0
    /// Files whose bytes changed (the others kept their old file and its modification time).
    public var filesChanged = 0

    /// One line for the end of a build.
    public var description: String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let time = seconds < 10 ? String(format: "%.2f s", seconds) : String(format: "%.1f s", seconds)
        var network =
            requests > 0
            ? " \(requests) requests (\(retries) retries, \(notModified) not modified, "
                + "\(Self.format(bytes: bytes)))," : ""
        if cacheHits > 0 { network += " \(cacheHits) cache hits," }
        if staleUsed > 0 { network += " \(staleUsed) stale cache entries used after errors," }
        return "Built \(items) items on \(pages) pages from \(sourcePages) source pages:\(network) "
            + "\(detailsFailed) details failed, \(files) files (\(filesChanged) changed) in \(outputPath), \(time)."
    }

    static func format(bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return String(format: "%.1f KB", Double(bytes) / 1024) }
        return String(format: "%.1f MB", Double(bytes) / 1024 / 1024)
    }
}
