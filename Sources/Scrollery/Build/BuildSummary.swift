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

    /// One line for the end of a build.
    public var description: String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let time = seconds < 10 ? String(format: "%.2f s", seconds) : String(format: "%.1f s", seconds)
        let network =
            requests > 0
            ? " \(requests) requests (\(retries) retries, \(Self.format(bytes: bytes)))," : ""
        return "Built \(items) items on \(pages) pages from \(sourcePages) source pages:\(network) "
            + "\(detailsFailed) details failed, \(files) files in \(outputPath), \(time)."
    }

    static func format(bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return String(format: "%.1f KB", Double(bytes) / 1024) }
        return String(format: "%.1f MB", Double(bytes) / 1024 / 1024)
    }
}
