/// Where each page lives: its URL under the base URL and its file in the output folder. The one place
/// that knows the layout `index.html`, `page/N/index.html`, `items/<slug>/index.html`.
package struct SitePaths: Sendable {
    package init(baseURL: BaseURL) {
        self.baseURL = baseURL
    }

    package let baseURL: BaseURL

    package var assetsURL: String { baseURL.path + "assets/" }

    package func listPageURL(_ number: Int) -> String {
        number <= 1 ? baseURL.path : baseURL.path + "page/\(number)/"
    }

    package static func listPageFile(_ number: Int) -> String {
        number <= 1 ? "index.html" : "page/\(number)/index.html"
    }

    /// A slug's letters of other scripts are percent-encoded in its URL (its file keeps them as UTF-8, and
    /// web servers decode the URL back to that name).
    package func itemURL(_ slug: String) -> String {
        // Made at its size at once: an item's URL is made for its card and its neighbours' pages.
        let encoded = URIBytes.percentEncoded(slug)
        var url = itemURLStart
        url.reserveCapacity(url.utf8.count + 1 + encoded.utf8.count)
        url.append(encoded)
        url.append("/")
        return url
    }

    /// What every item's URL starts with: its percent-encoded slug and a `/` follow.
    package var itemURLStart: String { baseURL.path + "items/" }

    package static func itemFile(_ slug: String) -> String {
        // Made at its size at once (interpolation grows it): this runs several times for each item.
        var file = "items/"
        file.reserveCapacity(17 + slug.utf8.count)
        file.append(slug)
        file.append("/index.html")
        return file
    }

    /// The file of a group's page: `<group>/index.html` (and `<group>/page/N/index.html`) for the list of its
    /// values, `<group>/<slug>/index.html` (and `…/page/N/index.html`) for a value's items.
    package static func groupFile(_ group: String, slug: String? = nil, page: Int = 1) -> String {
        group + "/" + (slug.map { $0 + "/" } ?? "") + (page <= 1 ? "" : "page/\(page)/") + "index.html"
    }

    /// The URL of a group's page (`groupFile`), its slug percent-encoded.
    package func groupURL(_ group: String, slug: String? = nil, page: Int = 1) -> String {
        url(ofFile: Self.groupFile(group, slug: slug, page: page))
    }

    /// The URL of a page's file (`…/index.html`): its folder under the base URL, each part percent-encoded.
    package func url(ofFile file: String) -> String {
        let folder = file.hasSuffix("index.html") ? file.dropLast("index.html".count) : Substring(file)
        return baseURL.path
            + folder.split(separator: "/", omittingEmptySubsequences: false).map {
                URIBytes.percentEncoded(String($0))
            }.joined(separator: "/")
    }
}
