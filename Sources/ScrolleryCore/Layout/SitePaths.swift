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
        baseURL.path + "items/\(URIBytes.percentEncoded(slug))/"
    }

    package static func itemFile(_ slug: String) -> String {
        "items/\(slug)/index.html"
    }
}
