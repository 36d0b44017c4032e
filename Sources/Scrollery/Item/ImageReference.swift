/// An image with the size it will be shown at, so the page does not shift when it loads.
struct ImageReference: Sendable, Equatable {
    /// A checked http(s) URL or a path under the site's base URL.
    let src: String
    let width: Int?
    let height: Int?
    let alt: String
    /// Where the original is read from: the http(s) URL, or the path of a file in the site's `static/`
    /// folder (`static/images/1.jpg`).
    var original: String = ""

    /// The folder of the site's own files, as `original` starts when it names one.
    static let staticFolder = "static/"

    /// Whether the original is a file of the site's (an SVG of the site's own is linked as given).
    var isLocal: Bool { original.hasPrefix(Self.staticFolder) }

    /// The original's path inside `static/`, when it is a file of the site's.
    var staticPath: String? { isLocal ? String(original.dropFirst(Self.staticFolder.count)) : nil }
}
