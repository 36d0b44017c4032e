/// Turns items into HTML through the theme: the one place that builds template contexts, so the names a
/// theme can use are all here (and in the README).
struct PageRenderer: Sendable {
    let theme: Theme
    let paths: SitePaths
    let title: String
    let description: String?
    let autoPages: Int

    /// A listing page: `page` is 1-based, `items` are in order with their slugs.
    func listPage(number: Int, items: [(item: GalleryItem, slug: String)], hasNext: Bool) -> [UInt8] {
        var page: [String: TemplateValue] = [
            "number": TemplateValue(number),
            "url": .text(paths.listPageURL(number)),
            "isFirst": .bool(number == 1),
            "isEmpty": .bool(items.isEmpty),
            "setSize": TemplateValue(-1),
        ]
        if let first = items.first, let last = items.last {
            page["firstPosition"] = TemplateValue(first.item.position)
            page["lastPosition"] = TemplateValue(last.item.position)
        }
        if number > 1 { page["prev"] = ["url": .text(paths.listPageURL(number - 1))] }
        if hasNext { page["next"] = ["url": .text(paths.listPageURL(number + 1))] }
        var context = common()
        context["page"] = .object(page)
        context["scroll"] = ["autoPages": TemplateValue(autoPages)]
        context["items"] = .list(items.map { .object(card($0.item, slug: $0.slug)) })
        return theme.render("list", .object(context))
    }

    /// The page of one item; `listPage` is the number of the listing page it appears on.
    func itemPage(_ item: GalleryItem, slug: String, listPage: Int) -> [UInt8] {
        var fields = card(item, slug: slug)
        fields["descriptionHTML"] = item.description.map { .text($0.html) }
        fields["listURL"] = .text(paths.listPageURL(listPage))
        var context = common()
        context["item"] = .object(fields)
        return theme.render("item", .object(context))
    }

    func notFoundPage() -> [UInt8] {
        theme.render("404", .object(common()))
    }

    private func common() -> [String: TemplateValue] {
        var site: [String: TemplateValue] = [
            "title": .text(title),
            "baseURL": .text(paths.baseURL.path),
            "homeURL": .text(paths.baseURL.path),
            "assetsURL": .text(paths.assetsURL),
            "lang": "en",
        ]
        site["description"] = description.map { .text($0) }
        return ["site": .object(site), "generator": "Scrollery"]
    }

    private func card(_ item: GalleryItem, slug: String) -> [String: TemplateValue] {
        var card: [String: TemplateValue] = [
            "position": TemplateValue(item.position),
            "slug": .text(slug),
            "url": .text(paths.itemURL(slug)),
            "title": .text(item.title),
        ]
        card["date"] = item.date.map { .text($0) }
        card["excerpt"] = item.description.flatMap { Excerpt.make(from: $0.plainText) }.map { .text($0) }
        card["link"] = item.link.map { .text($0) }
        card["error"] = item.error.map { .text($0) }
        if let image = item.image {
            var fields: [String: TemplateValue] = ["src": .text(image.src), "alt": .text(image.alt)]
            fields["width"] = image.width.map { TemplateValue($0) }
            fields["height"] = image.height.map { TemplateValue($0) }
            fields["hasSize"] = .bool(image.width != nil && image.height != nil)
            card["image"] = .object(fields)
        }
        return card
    }
}
