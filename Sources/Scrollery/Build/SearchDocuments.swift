import ScrolleryCore
import ScrollerySearch

/// Makes an item's search document: its result card as the theme's `card` shows it, and its terms and
/// filter values.
struct SearchDocuments: Sendable {
    let renderer: PageRenderer
    /// The fields whose words are indexed, for an item that came without its terms counted.
    let fields: [SearchConfig.Field]
    /// The names of `item.fields` whose words are indexed, for an item that came without its terms counted.
    let itemFields: [String]

    func document(_ slugged: SluggedItem) -> SearchDocument {
        let item = slugged.item
        let card = renderer.card(item, slug: slugged.slug)
        var picture: SearchDocument.Picture?
        if case .object(let image)? = card.fields["image"] {
            func text(_ key: String) -> String? {
                if case .text(let value)? = image[key] { return value }
                return nil
            }
            var fields = SearchDocument.Picture(alt: text("alt") ?? "")
            if case .bool(true)? = image["unavailable"] { fields.unavailable = true }
            fields.src = text("src")
            fields.srcset = text("srcset")
            fields.width = text("width")
            fields.height = text("height")
            fields.style = text("style")
            picture = fields
        }
        // Counted by the mapper on the enrich workers; made here only for an item that came without them.
        let terms =
            item.searchTerms
            ?? SearchTerms(
                title: fields.contains(.title) ? item.title : "",
                body: ItemMapper.searchBody(
                    description: fields.contains(.description) ? item.description?.plainText : nil,
                    fields: item.fields.filter { itemFields.contains($0.name) }))
        return SearchDocument(
            title: item.title, url: renderer.paths.itemURL(slugged.slug), date: item.date, picture: picture,
            terms: terms, facets: item.facets,
            section: item.section.map { SearchDocument.Section(key: $0.key, heading: $0.heading) })
    }
}
