import ScrolleryCore
import ScrolleryIO

/// `sitemap.xml` (with the listing pages and every item page), `robots.txt` and the Atom feed of the
/// newest items: the files static hosts and crawlers look for.
struct SiteMaps {
    /// The protocol's limit per sitemap file; beyond it `sitemap.xml` becomes an index.
    static let sitemapLimit = 50_000
    static let feedSize = 20

    let paths: SitePaths
    let title: String
    let urlsPerSitemap: Int
    private(set) var newest: [SluggedItem] = []

    init(paths: SitePaths, title: String, urlsPerSitemap: Int = sitemapLimit) {
        self.paths = paths
        self.title = title
        self.urlsPerSitemap = urlsPerSitemap
    }

    /// Keeps the first items for the feed (the sitemap lists the pages the output writer recorded).
    mutating func addItem(_ item: GalleryItem, slug: String) {
        if newest.count < Self.feedSize { newest.append(SluggedItem(item: item, slug: slug)) }
    }

    /// Makes the sitemap files one at a time, a URL a line: one `sitemap.xml`, or `sitemap-N.xml` parts
    /// and then `sitemap.xml` as their index.
    /// - Parameter pages: every page of the site, in order.
    func writeSitemaps(pages: PageNames, into files: inout some TextFileSink) throws {
        let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
        func startURLSet(_ name: String) throws {
            try files.start(name)
            try files.append(header)
            try files.append("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">")
        }
        func finishURLSet() throws {
            try files.append("</urlset>")
            try files.finish()
        }
        let itemStart = Array(XMLText.escape(paths.baseURL.absolute(paths.itemURLStart)).utf8)
        guard pages.count > urlsPerSitemap else {
            try startURLSet("sitemap.xml")
            try pages.forEach { page in try files.appendLine { appendURL(page, itemStart: itemStart, to: &$0) } }
            return try finishURLSet()
        }
        var parts = 0
        var inPart = 0
        try pages.forEach { page in
            if inPart == 0 {
                parts += 1
                try startURLSet("sitemap-\(parts).xml")
            }
            try files.appendLine { appendURL(page, itemStart: itemStart, to: &$0) }
            inPart += 1
            if inPart == urlsPerSitemap {
                try finishURLSet()
                inPart = 0
            }
        }
        if inPart > 0 { try finishURLSet() }
        try files.start("sitemap.xml")
        try files.append(header)
        try files.append("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">")
        for number in 1...parts {
            let location = paths.baseURL.absolute(paths.baseURL.path + "sitemap-\(number).xml")
            try files.append("<sitemap><loc>\(XMLText.escape(location))</loc></sitemap>")
        }
        try files.append("</sitemapindex>")
        try files.finish()
    }

    /// Adds a page's line of a sitemap to `line`. An item's (nearly every line) is made from the escaped
    /// start that every item URL shares (`itemStart`) and its percent-encoded slug, which has nothing
    /// to escape.
    private func appendURL(_ page: PageName, itemStart: [UInt8], to line: inout [UInt8]) {
        line.append(contentsOf: "<url><loc>".utf8)
        switch page {
        case .item(let slug):
            line.append(contentsOf: itemStart)
            URIBytes.appendPercentEncoded(slug, to: &line)
            line.append(UInt8(ascii: "/"))
        case .list(let number):
            line.append(contentsOf: XMLText.escape(paths.baseURL.absolute(paths.listPageURL(number))).utf8)
        case .group(let file):
            line.append(contentsOf: XMLText.escape(paths.baseURL.absolute(paths.url(ofFile: file))).utf8)
        }
        line.append(contentsOf: "</loc></url>".utf8)
    }

    func robots() -> String {
        "User-agent: *\nAllow: /\n\nSitemap: \(paths.baseURL.absolute(paths.baseURL.path + "sitemap.xml"))\n"
    }

    /// An Atom feed of the first items of the gallery (the newest, for a source that lists newest first).
    func atomFeed() -> String {
        Self.atomFeed(
            title: title, paths: paths, feedPath: "feed.xml", alternate: paths.baseURL.path,
            entries: newest.map { entry in
                FeedEntry(
                    title: entry.item.title, path: paths.itemURL(entry.slug), date: entry.item.date,
                    excerpt: entry.item.description?.excerpt, html: entry.item.description?.html)
            })
    }

    /// An entry of a feed: an item's title, the path of its page, its date and its text.
    struct FeedEntry: Sendable {
        let title: String
        let path: String
        let date: String?
        let excerpt: String?
        let html: String?
    }

    /// An Atom feed at `feedPath` (relative to the base URL) of `entries`, whose page is at `alternate`.
    static func atomFeed(
        title: String, paths: SitePaths, feedPath: String, alternate: String, entries: [FeedEntry]
    ) -> String {
        let base = paths.baseURL
        let feedURL = base.absolute(paths.url(ofFile: feedPath))
        let updated = entries.compactMap { timestamp($0.date) }.max() ?? "1970-01-01T00:00:00Z"
        var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        text += "<title>\(XMLText.escape(title))</title>\n"
        text += "<id>\(XMLText.escape(id(feedURL, absolute: base.origin != nil)))</id>\n"
        text += "<link rel=\"self\" href=\"\(XMLText.escape(feedURL))\"/>\n"
        text += "<link rel=\"alternate\" href=\"\(XMLText.escape(base.absolute(alternate)))\"/>\n"
        text += "<updated>\(updated)</updated>\n<generator>Scrollery</generator>\n"
        for entry in entries {
            let url = base.absolute(entry.path)
            text += "<entry>\n<title>\(XMLText.escape(entry.title))</title>\n"
            text += "<id>\(XMLText.escape(id(url, absolute: base.origin != nil)))</id>\n"
            text += "<link rel=\"alternate\" href=\"\(XMLText.escape(url))\"/>\n"
            text += "<updated>\(timestamp(entry.date) ?? updated)</updated>\n"
            if let excerpt = entry.excerpt {
                text += "<summary>\(XMLText.escape(excerpt))</summary>\n"
            }
            if let html = entry.html {
                text += "<content type=\"html\">\(XMLText.escape(html))</content>\n"
            }
            text += "</entry>\n"
        }
        return text + "</feed>\n"
    }

    /// Atom ids must be absolute IRIs: the URL when the base URL is absolute, else a tag-free URN.
    private static func id(_ url: String, absolute: Bool) -> String {
        absolute ? url : "urn:scrollery:" + url
    }

    /// An RFC 3339 timestamp from a date that starts `YYYY-MM-DD`, or nothing.
    static func timestamp(_ date: String?) -> String? {
        guard let date, date.count >= 10, CalendarDay(String(date.prefix(10))) != nil else { return nil }
        let rest = date.dropFirst(10)
        if rest.isEmpty { return date + "T00:00:00Z" }
        // Already a full timestamp such as 2008-01-14T04:33:35Z.
        return rest.hasPrefix("T") && (rest.hasSuffix("Z") || rest.contains("+"))
            ? date : String(date.prefix(10)) + "T00:00:00Z"
    }
}
