import ScrolleryCore
import ScrollerySearch

/// One item ready to render: every field checked, its description rendered, its failure (if any) recorded.
///
/// The fields are kept in one shared, immutable box: an item is handed from the enricher to the page
/// workers, the cards, the feed and the sitemaps, and a copy of it is one reference count, not one per field.
struct GalleryItem: Sendable, Equatable {
    private let box: Box

    /// 1-based position in the whole gallery.
    var position: Int { box.values.position }
    /// The id as the source gave it (the slug is made from it).
    var id: String { box.values.id }
    var title: String { box.values.title }
    var image: ImageReference? { box.values.image }
    var description: RenderedMarkdown? { box.values.description }
    var date: String? { box.values.date }
    /// A checked http(s) link to the item at its origin.
    var link: String? { box.values.link }
    /// A checked http(s) URL of the file offered for download (`item.download`).
    var download: String? { box.values.download }
    /// A checked http(s) URL of the item's video (`item.video`).
    var video: String? { box.values.video }
    /// Why the item's details could not be had, when they could not.
    var error: Failure? { box.values.error }
    /// The section the item belongs to, when the site has sections (`sections.by`).
    var section: SectionKey? { box.values.section }
    /// The day the sections' date field names, when the site has sections and the date is usable: what the
    /// card carries (`data-date`) so the page's script can group the cards another way.
    var sectionDay: CalendarDay? { box.values.sectionDay }
    /// The picture as the image pipeline made it (`nil` when images are off, or the picture is a local SVG,
    /// which is linked as given).
    var picture: PictureState? { box.values.picture }
    /// The values of each of `search.filters`, in the config's order (empty without filters): what the
    /// search index offers as facets. Not shown on pages.
    var facets: [[String]] { box.values.facets }
    /// The item's words for the search index (`nil` without search).
    var searchTerms: SearchTerms? { box.values.searchTerms }
    /// The values of `item.fields` that are not empty, in the config's order.
    var fields: [FieldValue] { box.values.fields }
    /// The item's values of each of `groups`, in the config's order (empty without groups).
    var groups: [[String]] { box.values.groups }
    /// Everything above, hashed: what the render keys of the pages that show the item are made from.
    var fingerprint: Fingerprint.Digest { box.fingerprint }

    init(
        position: Int, id: String, title: String, image: ImageReference?, description: RenderedMarkdown?,
        date: String?, link: String?, error: Failure?, section: SectionKey? = nil, sectionDay: CalendarDay? = nil,
        facets: [[String]] = [], searchTerms: SearchTerms? = nil, fields: [FieldValue] = [], groups: [[String]] = [],
        download: String? = nil, video: String? = nil
    ) {
        box = Box(
            Values(
                position: position, id: id, title: title, image: image, description: description, date: date,
                link: link, error: error, section: section, sectionDay: sectionDay, picture: nil, facets: facets,
                searchTerms: searchTerms, fields: fields, groups: groups, download: download, video: video))
    }

    /// The item with its picture as the image pipeline made it.
    func with(picture: PictureState?) -> GalleryItem {
        // No picture (a local SVG, linked as given) changes nothing: the fingerprint made at `init` stands.
        if picture == nil, self.picture == nil { return self }
        var values = box.values
        values.picture = picture
        return GalleryItem(box: Box(values))
    }

    private init(box: Box) { self.box = box }

    static func == (one: GalleryItem, other: GalleryItem) -> Bool {
        one.box === other.box || one.box.values == other.box.values
    }

    /// Every field of an item but its fingerprint.
    struct Values: Sendable, Equatable {
        let position: Int
        let id: String
        let title: String
        let image: ImageReference?
        let description: RenderedMarkdown?
        let date: String?
        let link: String?
        let error: Failure?
        let section: SectionKey?
        let sectionDay: CalendarDay?
        var picture: PictureState?
        let facets: [[String]]
        let searchTerms: SearchTerms?
        let fields: [FieldValue]
        let groups: [[String]]
        let download: String?
        let video: String?
    }

    /// A value of one of `item.fields`.
    struct FieldValue: Sendable, Equatable {
        let name: String
        let value: String
    }

    private final class Box: Sendable {
        let values: Values
        let fingerprint: Fingerprint.Digest

        init(_ values: Values) {
            self.values = values
            fingerprint = GalleryItem.fingerprint(of: values)
        }
    }
}
