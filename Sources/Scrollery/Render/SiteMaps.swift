/// `sitemap.xml` (with the listing pages and every item page), `robots.txt` and the Atom feed of the
/// newest items: the files static hosts and crawlers look for.
struct SiteMaps {
    /// The protocol's limit per sitemap file; beyond it `sitemap.xml` becomes an index.
    static let sitemapLimit = 50_000
    static let feedSize = 20

    let paths: SitePaths
    let title: String
    let urlsPerSitemap: Int
    private(set) var newest: [(item: GalleryItem, slug: String)] = []

    init(paths: SitePaths, title: String, urlsPerSitemap: Int = sitemapLimit) {
        self.paths = paths
        self.title = title
        self.urlsPerSitemap = urlsPerSitemap
    }

    /// Keeps the first items for the feed (the sitemap lists the pages the output writer recorded).
    mutating func addItem(_ item: GalleryItem, slug: String) {
        if newest.count < Self.feedSize { newest.append((item, slug)) }
    }

    /// Makes the sitemap files one at a time and hands each to `write` (name, text): one `sitemap.xml`, or
    /// `sitemap-N.xml` parts and then `sitemap.xml` as their index.
    /// - Parameter pages: every page of the site, in order.
    func writeSitemaps(pages: PageNames, _ write: (_ name: String, _ text: String) throws -> Void) rethrows {
        guard pages.count > urlsPerSitemap else { return try write("sitemap.xml", urlSet(pages)) }
        var index = ""
        var part: [PageName] = []
        var number = 0
        for page in pages {
            part.append(page)
            guard part.count == urlsPerSitemap || number * urlsPerSitemap + part.count == pages.count
            else { continue }
            number += 1
            let name = "sitemap-\(number).xml"
            try write(name, urlSet(part))
            part.removeAll(keepingCapacity: true)
            index +=
                "<sitemap><loc>\(XMLText.escape(paths.baseURL.absolute(paths.baseURL.path + name)))</loc></sitemap>\n"
        }
        let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        try write(
            "sitemap.xml",
            header + "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" + index
                + "</sitemapindex>\n")
    }

    private func urlSet(_ pages: some Sequence<PageName>) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages {
            let path: String
            switch page {
            case .list(let number): path = paths.listPageURL(number)
            case .item(let slug): path = paths.itemURL(slug)
            }
            text += "<url><loc>\(XMLText.escape(paths.baseURL.absolute(path)))</loc></url>\n"
        }
        return text + "</urlset>\n"
    }

    func robots() -> String {
        "User-agent: *\nAllow: /\n\nSitemap: \(paths.baseURL.absolute(paths.baseURL.path + "sitemap.xml"))\n"
    }

    /// An Atom feed of the first items of the gallery (the newest, for a source that lists newest first).
    func atomFeed() -> String {
        let base = paths.baseURL
        let feedURL = base.absolute(base.path + "feed.xml")
        let updated = newest.compactMap { Self.timestamp($0.item.date) }.max() ?? "1970-01-01T00:00:00Z"
        var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        text += "<title>\(XMLText.escape(title))</title>\n"
        text += "<id>\(XMLText.escape(Self.id(feedURL, absolute: base.origin != nil)))</id>\n"
        text += "<link rel=\"self\" href=\"\(XMLText.escape(feedURL))\"/>\n"
        text += "<link rel=\"alternate\" href=\"\(XMLText.escape(base.absolute(base.path)))\"/>\n"
        text += "<updated>\(updated)</updated>\n<generator>Scrollery</generator>\n"
        for (item, slug) in newest {
            let url = base.absolute(paths.itemURL(slug))
            text += "<entry>\n<title>\(XMLText.escape(item.title))</title>\n"
            text += "<id>\(XMLText.escape(Self.id(url, absolute: base.origin != nil)))</id>\n"
            text += "<link rel=\"alternate\" href=\"\(XMLText.escape(url))\"/>\n"
            text += "<updated>\(Self.timestamp(item.date) ?? updated)</updated>\n"
            if let excerpt = item.description.flatMap({ Excerpt.make(from: $0.plainText) }) {
                text += "<summary>\(XMLText.escape(excerpt))</summary>\n"
            }
            if let html = item.description?.html {
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
