/// Turns items into HTML through the theme: the one place that builds template contexts, so the names a
/// theme can use are all here (and in the README).
struct PageRenderer: Sendable {
    let theme: Theme
    let paths: SitePaths
    let title: String
    let description: String?
    let autoPages: Int

    /// A listing page: `page` is 1-based, `items` are in order with their slugs.
    func listPage(number: Int, items: [(item: GalleryItem, slug: String)], hasNext: Bool) -> String {
        var page: [String: Any] = [
            "number": number,
            "url": paths.listPageURL(number),
            "isFirst": number == 1,
            "isEmpty": items.isEmpty,
            "setSize": -1,
        ]
        if let first = items.first, let last = items.last {
            page["firstPosition"] = first.item.position
            page["lastPosition"] = last.item.position
        }
        if number > 1 { page["prev"] = ["url": paths.listPageURL(number - 1)] }
        if hasNext { page["next"] = ["url": paths.listPageURL(number + 1)] }
        var context = common()
        context["page"] = page
        context["scroll"] = ["autoPages": autoPages]
        context["items"] = items.map { card($0.item, slug: $0.slug) }
        return theme.render("list", context)
    }

    /// The page of one item; `listPage` is the number of the listing page it appears on.
    func itemPage(_ item: GalleryItem, slug: String, listPage: Int) -> String {
        var fields = card(item, slug: slug)
        fields["descriptionHTML"] = item.description?.html
        fields["listURL"] = paths.listPageURL(listPage)
        var context = common()
        context["item"] = fields
        return theme.render("item", context)
    }

    func notFoundPage() -> String {
        theme.render("404", common())
    }

    private func common() -> [String: Any] {
        var site: [String: Any] = [
            "title": title,
            "baseURL": paths.baseURL.path,
            "homeURL": paths.baseURL.path,
            "assetsURL": paths.assetsURL,
            "lang": "en",
        ]
        site["description"] = description
        return ["site": site, "generator": "Scrollery"]
    }

    private func card(_ item: GalleryItem, slug: String) -> [String: Any] {
        var card: [String: Any] = [
            "position": item.position,
            "slug": slug,
            "url": paths.itemURL(slug),
            "title": item.title,
        ]
        card["date"] = item.date
        card["excerpt"] = item.description.flatMap { Excerpt.make(from: $0.plainText) }
        card["link"] = item.link
        card["error"] = item.error
        if let image = item.image {
            var fields: [String: Any] = ["src": image.src, "alt": image.alt]
            fields["width"] = image.width
            fields["height"] = image.height
            fields["hasSize"] = image.width != nil && image.height != nil
            card["image"] = fields
        }
        return card
    }
}
