/// The groups a deploy writes in, one after the other, so that a visitor never meets a page whose links or
/// pictures are not there yet. The layout is `SitePaths`': `items/<slug>/index.html`, `page/N/index.html`,
/// `index.html`, and the feed and sitemaps at the top.
package enum PublishGroup: Int, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    /// Pictures, theme assets and static files: everything that is not a page, which the pages refer to.
    case assets
    /// `items/<slug>/index.html`.
    case itemPages
    /// `page/N/index.html`, from the last page to the second (each links to the next).
    case listingPages
    /// Other pages (`sections/`, `favorites/`, `404.html`), which link to the listing pages.
    case otherPages
    /// `index.html`, `feed.xml`, `sitemap.xml` and its parts, `robots.txt`: where visitors and crawlers
    /// come in.
    case entryPoints

    package static func < (a: PublishGroup, b: PublishGroup) -> Bool { a.rawValue < b.rawValue }

    package var description: String {
        switch self {
        case .assets: "pictures and assets"
        case .itemPages: "item pages"
        case .listingPages: "listing pages"
        case .otherPages: "other pages"
        case .entryPoints: "home page, feed and sitemaps"
        }
    }

    /// The group of a path under the output folder.
    package init(path: String) {
        self = Self.listingPageNumber(path) != nil ? .listingPages : Self.group(of: path)
    }

    private static func group(of path: String) -> PublishGroup {
        if ["index.html", "feed.xml", "sitemap.xml", "robots.txt"].contains(path) { return .entryPoints }
        if path.hasPrefix("sitemap-"), path.hasSuffix(".xml"), !path.contains("/") {
            let number = path.dropFirst("sitemap-".count).dropLast(".xml".count)
            if !number.isEmpty, number.utf8.allSatisfy({ (48...57).contains($0) }) { return .entryPoints }
        }
        let lowered = path.lowercased()
        let isPage = lowered.hasSuffix(".html") || lowered.hasSuffix(".htm")
        if isPage && path.hasPrefix("items/") { return .itemPages }
        return isPage ? .otherPages : .assets
    }

    /// N for `page/N/index.html`, else nil.
    package static func listingPageNumber(_ path: String) -> Int? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "page", parts[2] == "index.html", (1...18).contains(parts[1].utf8.count),
            parts[1].utf8.allSatisfy({ (48...57).contains($0) })
        else { return nil }
        return Int(parts[1])
    }
}
