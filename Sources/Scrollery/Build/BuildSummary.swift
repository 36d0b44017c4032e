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

    /// One line for the end of a build.
    public var description: String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let time = seconds < 10 ? String(format: "%.2f s", seconds) : String(format: "%.1f s", seconds)
        return "Built \(items) items on \(pages) pages from \(sourcePages) source pages: "
            + "\(detailsFailed) details failed, \(files) files in \(outputPath), \(time)."
    }
}
