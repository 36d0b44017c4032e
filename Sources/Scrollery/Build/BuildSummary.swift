import Foundation
package import ScrolleryIO

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
    /// What the image pipeline did (all zero when `images.enabled` is off).
    public var images = ImageCounts()
    /// Files in the output folder.
    public var files = 0
    /// Wall-clock time of the build.
    public var duration: Duration = .zero
    /// Where the site was written.
    public var outputPath = ""
    /// The requests the build made and what the cache saved (`inFlight` is zero once it is done).
    package var network = FetchStatistics.Counts()
    /// Files whose bytes changed (the others kept their old file and its modification time).
    public var filesChanged = 0
    /// The hosts that went down during the build, in the order they did.
    package var hostsDown: [HostHealth.Outage] = []

    /// One line for the end of a build, and a line for each host that was down.
    public var description: String {
        ([built] + hostsDown.map { "Host down: " + Self.describe($0) }).joined(separator: "\n")
    }

    /// `img.example.com (its name does not resolve; 9,999 requests not made)`.
    static func describe(_ outage: HostHealth.Outage) -> String {
        let count = outage.requestsNotMade
        return "\(outage.host) (\(outage.reason); \(count) request\(count == 1 ? "" : "s") not made)"
    }

    private var built: String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let time = seconds < 10 ? String(format: "%.2f s", seconds) : String(format: "%.1f s", seconds)
        var requests =
            network.requests > 0
            ? " \(network.requests) requests (\(network.retries) retries\(Self.waited(network.retryWait)), "
                + "\(network.notModified) not modified, "
                + "\(Self.format(bytes: network.bytes)))," : ""
        if network.cacheHits > 0 { requests += " \(network.cacheHits) cache hits," }
        if network.staleUsed > 0 { requests += " \(network.staleUsed) stale cache entries used after errors," }
        let pictures = images == ImageCounts() ? "" : " \(images.description),"
        return "Built \(items) items on \(pages) pages from \(sourcePages) source pages:\(requests) "
            + "\(detailsFailed) details failed,\(pictures) \(files) files (\(filesChanged) changed) in \(outputPath), \(time)."
    }

    /// " after 1.25 s of waiting" when retries waited at all.
    static func waited(_ wait: Duration) -> String {
        guard wait > .zero else { return "" }
        return String(format: " after %.2f s of waiting", Double(wait / .milliseconds(1)) / 1000)
    }

    static func format(bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return String(format: "%.1f KB", Double(bytes) / 1024) }
        return String(format: "%.1f MB", Double(bytes) / 1024 / 1024)
    }
}
