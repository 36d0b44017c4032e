/// Where each page lives: its URL under the base URL and its file in the output folder. The one place
/// that knows the layout `index.html`, `page/N/index.html`, `items/<slug>/index.html`.
struct SitePaths: Sendable {
    let baseURL: BaseURL

    var assetsURL: String { baseURL.path + "assets/" }

    func listPageURL(_ number: Int) -> String {
        number <= 1 ? baseURL.path : baseURL.path + "page/\(number)/"
    }

    static func listPageFile(_ number: Int) -> String {
        number <= 1 ? "index.html" : "page/\(number)/index.html"
    }

    /// A slug's letters of other scripts are percent-encoded in its URL (its file keeps them as UTF-8, and
    /// web servers decode the URL back to that name).
    func itemURL(_ slug: String) -> String {
        baseURL.path + "items/\(URIBytes.percentEncoded(slug))/"
    }

    static func itemFile(_ slug: String) -> String {
        "items/\(slug)/index.html"
    }
}
