import ScrolleryCore

/// One item ready to render: every field checked, its description rendered, its failure (if any) recorded.
struct GalleryItem: Sendable, Equatable {
    /// 1-based position in the whole gallery.
    let position: Int
    /// The id as the source gave it (the slug is made from it).
    let id: String
    let title: String
    let image: ImageReference?
    let description: RenderedMarkdown?
    let date: String?
    /// A checked http(s) link to the item at its origin.
    let link: String?
    /// Why the item's details could not be had, when they could not.
    let error: String?
    /// Everything above, hashed: what the render keys of the pages that show the item are made from.
    private(set) var fingerprint = Fingerprint.Digest(high: 0, low: 0)

    init(
        position: Int, id: String, title: String, image: ImageReference?, description: RenderedMarkdown?,
        date: String?, link: String?, error: String?
    ) {
        self.position = position
        self.id = id
        self.title = title
        self.image = image
        self.description = description
        self.date = date
        self.link = link
        self.error = error
        fingerprint = GalleryItem.fingerprint(of: self)
    }
}

/// An image with the size it will be shown at, so the page does not shift when it loads.
struct ImageReference: Sendable, Equatable {
    /// A checked http(s) URL or a path under the site's base URL.
    let src: String
    let width: Int?
    let height: Int?
    let alt: String
}
