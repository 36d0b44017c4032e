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
    /// The section the item belongs to, when the site has sections (`sections.by`).
    let section: SectionKey?
    /// The day the sections' date field names, when the site has sections and the date is usable: what the
    /// card carries (`data-date`) so the page's script can group the cards another way.
    let sectionDay: CalendarDay?
    /// The picture as the image pipeline made it (`nil` when images are off, or the picture is a local SVG,
    /// which is linked as given).
    private(set) var picture: PictureState?
    /// Everything above, hashed: what the render keys of the pages that show the item are made from.
    private(set) var fingerprint = Fingerprint.Digest(high: 0, low: 0)

    init(
        position: Int, id: String, title: String, image: ImageReference?, description: RenderedMarkdown?,
        date: String?, link: String?, error: String?, section: SectionKey? = nil, sectionDay: CalendarDay? = nil
    ) {
        self.position = position
        self.id = id
        self.title = title
        self.image = image
        self.description = description
        self.date = date
        self.link = link
        self.error = error
        self.section = section
        self.sectionDay = sectionDay
        fingerprint = GalleryItem.fingerprint(of: self)
    }

    /// The item with its picture as the image pipeline made it.
    func with(picture: PictureState?) -> GalleryItem {
        // No picture (a local SVG, linked as given) changes nothing: the fingerprint made at `init` stands.
        if picture == nil, self.picture == nil { return self }
        var item = self
        item.picture = picture
        item.fingerprint = GalleryItem.fingerprint(of: item)
        return item
    }
}

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
