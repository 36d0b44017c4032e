import ScrolleryCore
import ScrolleryImaging

/// Turns items into HTML through the theme: the one place that builds template contexts, so the names a
/// theme can use are all here (and in docs/theming.md).
struct PageRenderer: Sendable {
    /// The theme, with the names every page has (`common`) written into its templates.
    let theme: Theme
    let paths: SitePaths
    let autoPages: Int
    /// The label of each of `item.fields`, by name.
    private let fieldLabels: [String: String]
    /// The fields a card shows under its title (`theme.cardFields`), in order.
    private let cardFields: [String]
    /// The names of `groups`, in order: an item page links to its values' pages.
    private let groupNames: [String]
    /// The site's title.
    let siteTitle: String
    /// The names every page has (`site`, `theme`, `strings`, `generator`): the same on every page, so built
    /// once, and bound into the theme's templates.
    private let common: TemplateObject
    /// Every word the theme shows, in the site's language.
    let strings: ThemeStrings
    /// The keys of the words every page carries for the scripts.
    private let scriptKeys: [String]
    /// Whether items offer a download (`theme.download`).
    private let downloads: Bool

    init(
        theme: Theme, paths: SitePaths, title: String, description: String?, autoPages: Int,
        layout: ThemeLayout = .justified, sections: SectionGrouping = .none,
        sectionLabels: SectionLabels = .english, language: String = "en", favorites: Bool = true,
        search: Bool = false, fields: [ItemField] = [], cardFields: [String] = [], groups: [String] = [],
        strings: ThemeStrings = ThemeStrings.of(language: "en").strings, downloads: Bool = true,
        slideshowInterval: Double = 5
    ) {
        self.downloads = downloads
        self.strings = strings
        self.paths = paths
        self.autoPages = autoPages
        fieldLabels = Dictionary(fields.map { ($0.name, $0.label) }, uniquingKeysWith: { first, _ in first })
        self.cardFields = cardFields
        groupNames = groups
        siteTitle = title
        scriptKeys = ThemeStrings.scriptKeys + (favorites ? ThemeStrings.favoriteKeys : [])
        var site: TemplateObject = [
            "title": .text(title),
            "baseURL": .text(paths.baseURL.path),
            "homeURL": .text(paths.baseURL.path),
            "assetsURL": .text(paths.assetsURL),
            "assets": ThemeAssets(theme: theme, favorites: favorites, search: search).templateValue(
                assetsURL: paths.assetsURL),
            "lang": .text(language),
            "dir": .text(strings.isRightToLeft ? "rtl" : "ltr"),
            "stringsJSON": .text(strings.json(keys: scriptKeys)),
            "sectionsBy": .text(sections.rawValue),
            "sectionLabels": .text(sectionLabels.json),
        ]
        site["description"] = description.map { .text($0) }
        if favorites { site["favoritesURL"] = .text(FavoritesPage.url(paths)) }
        if search { site["searchURL"] = .text(paths.baseURL.path + "search/") }
        let themeOptions: TemplateObject = [
            "layout": .text(layout.rawValue),
            "justified": .bool(layout == .justified),
            "grid": .bool(layout == .grid),
            "favorites": .bool(favorites),
            // seconds, as few digits as say them: 5, 0.3
            "slideshowInterval": .text(
                slideshowInterval == slideshowInterval.rounded()
                    ? String(Int(slideshowInterval)) : String(slideshowInterval)),
        ]
        // The words without a count, `{site}` and `{generator}` filled in; the others are filled per page.
        let generator = "Scrollery"
        var words: TemplateObject = [:]
        for key in ThemeStrings.plainKeys {
            words[key] = .text(strings.text(key, ["site": title, "generator": generator]))
        }
        common = [
            "site": .object(site), "theme": .object(themeOptions), "generator": .text(generator),
            "strings": .object(words),
        ]
        // A page whose context is `common` with names of its own added says so (`rootHoldsConstants`).
        self.theme = theme.binding(common)
    }

    /// The same renderer with its own copy of the templates and of the names every page has: one per
    /// thread that renders pages, so no two threads write the same reference counts
    /// (`TemplateLibrary.independentCopy`).
    func independentCopy() -> PageRenderer {
        PageRenderer(copying: self)
    }

    private init(copying renderer: PageRenderer) {
        theme = renderer.theme.independentCopy()
        paths = renderer.paths
        autoPages = renderer.autoPages
        strings = renderer.strings
        scriptKeys = renderer.scriptKeys
        downloads = renderer.downloads
        fieldLabels = renderer.fieldLabels
        cardFields = renderer.cardFields
        groupNames = renderer.groupNames
        siteTitle = renderer.siteTitle
        common = renderer.common.independentCopy()
    }

    /// An item as its card shows it: built once, for its listing page and for its own page.
    struct Card: Sendable {
        let position: Int
        let fields: TemplateObject
    }

    /// A listing page: `number` is 1-based, `cards` are its items in order, `sections` what each card
    /// shows of sections (none when the site has no sections).
    /// A group's value page (`tag/<slug>/`) is one with `group` (the names of `groupPageContext`) and the
    /// URLs of its own chain (`pageURL`).
    func listPage(
        number: Int, cards: [Card], hasNext: Bool, sections: [SectionMark?] = [], group: TemplateObject? = nil,
        pageURL: ((Int) -> String)? = nil
    ) throws(ThemeError) -> [UInt8] {
        let pageURL = pageURL ?? paths.listPageURL
        var page: TemplateObject = [
            "number": TemplateValue(number),
            "url": .text(pageURL(number)),
            "isFirst": .bool(number == 1),
            "isEmpty": .bool(cards.isEmpty),
            "setSize": TemplateValue(-1),
        ]
        page["title"] = .text(strings.text("page", ["n": String(number)]))
        if let first = cards.first, let last = cards.last {
            page["firstPosition"] = TemplateValue(first.position)
            page["lastPosition"] = TemplateValue(last.position)
            page["info"] = .text(
                strings.text(
                    "pageItems", ["n": String(number), "first": String(first.position), "last": String(last.position)]))
        }
        if number > 1 { page["prev"] = ["url": .text(pageURL(number - 1))] }
        if hasNext { page["next"] = ["url": .text(pageURL(number + 1))] }
        var context = common
        context["group"] = group.map { .object($0) }
        context["scroll"] = ["autoPages": TemplateValue(autoPages)]
        let marks = sections.count == cards.count ? sections : Array(repeating: nil, count: cards.count)
        page["hasSections"] = .bool(marks.contains { $0 != nil })
        context["page"] = .object(page)
        context["items"] = .list(
            zip(cards, marks).enumerated().map { index, pair in
                var fields = pair.0.fields
                if let mark = pair.1 {
                    fields["section"] = ["id": .text(mark.section), "day": .text(mark.day)]
                    fields["sectionStart"] = mark.start.map { start in
                        .object([
                            "heading": .text(start.heading),
                            "id": .text(start.id),
                            "section": .text(mark.section),
                            "archiveURL": .text(start.archiveURL),
                            "continued": .bool(start.continued),
                            "firstOnPage": .bool(index == 0),
                        ])
                    }
                }
                return .object(fields)
            })
        return try theme.render("list", .object(context), rootHoldsConstants: true)
    }

    /// A page of a group's values (`tag/`, or the values that share a readable slug at `tag/<slug>/`):
    /// `group` (its names), `values` (each `value`, `url`, `count`, `image` as a card's), and the chain's
    /// `page.prev` and `page.next`.
    func groupIndexPage(
        group: TemplateObject, values: [TemplateObject], number: Int, hasNext: Bool, pageURL: (Int) -> String
    ) throws(ThemeError) -> [UInt8] {
        var page: TemplateObject = [
            "number": TemplateValue(number), "url": .text(pageURL(number)), "isFirst": .bool(number == 1),
            "title": .text(strings.text("page", ["n": String(number)])),
        ]
        if number > 1 { page["prev"] = ["url": .text(pageURL(number - 1))] }
        if hasNext { page["next"] = ["url": .text(pageURL(number + 1))] }
        var context = common
        context["group"] = .object(group)
        context["page"] = .object(page)
        context["values"] = .list(values.map { .object($0) })
        return try theme.render("groups", .object(context), rootHoldsConstants: true)
    }

    /// The archive page (`sections/index.html`) around its entries: the text before them and after them.
    /// The entries are written one at a time in between (`archiveEntry`), as the build finds them.
    func archiveShell() throws(ThemeError) -> (head: String, tail: String) {
        let marker = "<!--scrollery:archive-entries-->"
        var context = common
        context["archive"] = ["url": .text(SectionTracker.archiveURL(paths)), "entries": .text(marker)]
        let text = String(
            decoding: try theme.render("sections", .object(context), rootHoldsConstants: true), as: UTF8.self)
        guard let range = text.range(of: marker) else {
            throw ThemeError(
                file: "sections" + Theme.templateExtension,
                problem: "does not place the entries: put `{{{archive.entries}}}` where the list of sections goes.")
        }
        return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
    }

    /// One section of the archive page: its heading, its count and a link to the card where it starts.
    func archiveEntry(_ entry: SectionTracker.Entry) throws(ThemeError) -> String {
        let context: TemplateObject = [
            "id": .text(entry.id),
            "key": .text(entry.key.key),
            "heading": .text(entry.key.heading),
            "count": TemplateValue(entry.count),
            "countText": .text(strings.count("items", entry.count)),
            "url": .text(paths.listPageURL(entry.page) + "#item-\(entry.position)"),
            "page": TemplateValue(entry.page),
            "position": TemplateValue(entry.position),
        ]
        return String(decoding: try theme.render("section-entry", .object(context)), as: UTF8.self)
    }

    /// An item's neighbour in the whole gallery, as its page links to it.
    struct Neighbour: Sendable {
        let slug: String
        let title: String
        /// What an item page shows of it as `item.prev` or `item.next`: its page's URL and its title. Made
        /// once, for the two pages that link to it.
        let link: TemplateValue
    }

    /// An item as its neighbours' pages link to it; `card` is its card, whose URL is taken, if there is one.
    func neighbour(slug: String, title: String, card: Card? = nil) -> Neighbour {
        let url = card?.fields["url"] ?? .text(paths.itemURL(slug))
        let link: TemplateObject = ["url": url, "title": .text(title)]
        return Neighbour(slug: slug, title: title, link: .object(link))
    }

    /// The URL of listing page `number`, which its items' pages link back to.
    func listPageURL(_ number: Int) -> String {
        paths.listPageURL(number)
    }

    /// The page of one item; `listURL` is the URL of the listing page it appears on (`listPageURL`),
    /// `previous` and `next` the items before and after it in the whole gallery (on this listing page or the
    /// next).
    func itemPage(
        _ item: GalleryItem, card: Card, listURL: String, previous: Neighbour? = nil, next: Neighbour? = nil
    ) throws(ThemeError) -> [UInt8] {
        var fields = card.fields
        // The card is shared with its listing page: copied once, with room for the five names set here.
        fields.reserveCapacity(fields.count + 5)
        fields["descriptionHTML"] = item.description.map { .utf8($0.htmlBytes) }
        fields["listURL"] = .text(listURL)
        fields["prev"] = previous?.link
        fields["next"] = next?.link
        fields["share"] = .object(share(card))
        var context = common
        context["item"] = .object(fields)
        return try theme.render("item", .object(context), rootHoldsConstants: true)
    }

    /// What the Open Graph and Twitter card tags of an item's page say. Those tags need absolute URLs: the
    /// page's own URL and a local picture's are given only when the base URL is absolute; a picture
    /// from another host is absolute already.
    private func share(_ card: Card) -> TemplateObject {
        var share: TemplateObject = [:]
        let origin = paths.baseURL.origin
        if let origin, case .text(let path)? = card.fields["url"] { share["url"] = .text(origin + path) }
        // The picture as the card shows it: the largest variant of a published picture, the URL as given
        // when images are off, none when the picture could not be had.
        if case .object(let image)? = card.fields["image"], case .text(let src)? = image["src"] {
            if Self.startsWithHTTPScheme(src) {
                share["image"] = .text(src)
            } else if let origin, src.hasPrefix("/") {
                share["image"] = .text(origin + src)
            }
        }
        return share
    }

    /// Whether `url` starts with `http://` or `https://`, in any case, without lowercasing all of it.
    static func startsWithHTTPScheme(_ url: String) -> Bool {
        ASCIICase.hasPrefix(url.utf8, lowercase: "https://") || ASCIICase.hasPrefix(url.utf8, lowercase: "http://")
    }

    func notFoundPage() throws(ThemeError) -> [UInt8] {
        try theme.render("404", .object(common), rootHoldsConstants: true)
    }

    /// The favorites page: the same for every build of the site, filled in the reader's browser.
    func favoritesPage() throws(ThemeError) -> [UInt8] {
        try theme.render("favorites", .object(withScriptWords(ThemeStrings.favoritesPageKeys)))
    }

    /// The names every page has, with the scripts' words of a page of its own (`keys`) added to the JSON.
    /// Its `site` is not `common`'s, so a page rendered with it does not say `rootHoldsConstants`.
    private func withScriptWords(_ keys: [String]) -> TemplateObject {
        var context = common
        guard case .object(var site)? = context["site"] else { return context }
        site["stringsJSON"] = .text(
            strings.json(keys: scriptKeys + keys))
        context["site"] = .object(site)
        return context
    }

    /// The search page: a shell that `search.js` fills from the index; `filters` are the names of the
    /// facets, in the config's order.
    func searchPage(filters: [String]) throws(ThemeError) -> [UInt8] {
        var context = withScriptWords(ThemeStrings.searchPageKeys)
        context["search"] = [
            "filters": .list(filters.map { .object(["name": .text($0)]) }),
            "indexURL": .text(paths.baseURL.path + "search/index.json"),
        ]
        return try theme.render("search", .object(context))
    }

    /// The names a card is made with room for: the eight to twelve most cards have (its position, slug, URL,
    /// title, date, excerpt, link and picture, often an image, a download or a video), and some to spare. A
    /// card with fields or groups may still grow past it, once.
    private static let cardCapacity = 16

    func card(_ item: GalleryItem, slug: String) -> Card {
        // Room for the names most cards end with, so that the object is not made again as it grows.
        var card = TemplateObject(minimumCapacity: Self.cardCapacity)
        card["position"] = TemplateValue(item.position)
        card["slug"] = .text(slug)
        card["url"] = .text(paths.itemURL(slug))
        card["title"] = .text(item.title)
        card["date"] = item.date.map { .text($0) }
        card["excerpt"] = item.description?.excerpt.map { .text($0) }
        card["link"] = item.link.map { .text($0) }
        card["error"] = item.error.map { .text($0.message) }
        var made: String?
        if let image = item.image {
            let fields = imageFields(image, picture: item.picture)
            card["image"] = .object(fields)
            // A picture the pipeline made: the original's copy, else its largest variant; a file of the site's own.
            if case .published(let picture)? = item.picture {
                if let path = picture.originalPath {
                    made = paths.baseURL.path + path
                } else if case .text(let src)? = fields["src"] {
                    made = src
                }
            }
        }
        if downloads, let download = item.download ?? made { card["download"] = .text(download) }
        switch item.video.flatMap(VideoSource.init) {
        case .file(let url, let type)?:
            card["video"] = ["url": .text(url), "file": .bool(true), "type": .text(type)]
        case .embed(let service, let player)?:
            card["video"] = [
                "url": .text(item.video ?? ""), "embed": .text(player), "service": .text(service),
            ]
        case nil:
            break
        }
        if !item.fields.isEmpty { addFields(of: item, to: &card) }
        addPicture(of: item, to: &card)
        addGroups(of: item, to: &card)
        if !item.fields.isEmpty || card["hasCamera"] != nil { card["hasFieldList"] = .bool(true) }
        return Card(position: item.position, fields: card)
    }

    /// The item's values of each group, as `groups` (each `name`, `url` of its list, and `values`: each
    /// `value` and the `url` of its page) with `hasGroups`.
    private func addGroups(of item: GalleryItem, to card: inout TemplateObject) {
        let groups: [TemplateValue] = zip(groupNames, item.groups).compactMap { name, values in
            guard !values.isEmpty else { return nil }
            return .object([
                "name": .text(name), "url": .text(paths.groupURL(name)),
                "values": .list(
                    values.map {
                        .object(["value": .text($0), "url": .text(paths.groupURL(name, slug: GroupSlug.readable($0)))])
                    }),
            ])
        }
        guard !groups.isEmpty else { return }
        card["groups"] = .list(groups)
        card["hasGroups"] = .bool(true)
    }

    /// What the item's processed picture holds, as `picture` (`ProcessedImage.templateValues`: its size, the
    /// camera's values, `summary`, and `map` when the place is kept), with `hasCamera` when there is a
    /// summary or a place to show; `picture` is `false` without a processed picture.
    private func addPicture(of item: GalleryItem, to card: inout TemplateObject) {
        guard case .published(let published)? = item.picture else {
            card["picture"] = .bool(false)
            return
        }
        let values = published.image.templateValues
        card["picture"] = .object(TemplateObject(values.sorted { $0.key < $1.key }.map { ($0.key, .text($0.value)) }))
        if values["summary"] != nil || values["map"] != nil { card["hasCamera"] = .bool(true) }
    }

    /// The item's `item.fields`: each by its name, all as the list `fields` (`name`, `label`, `value`, `url`
    /// when the value is an http(s) URL, `onCard` when `theme.cardFields` names it) with `hasFields`, and
    /// those of `theme.cardFields`, in its order, as `cardFields` with `hasCardFields`.
    private func addFields(of item: GalleryItem, to card: inout TemplateObject) {
        func entry(_ field: GalleryItem.FieldValue) -> TemplateValue {
            var entry: TemplateObject = [
                "name": .text(field.name), "label": .text(fieldLabels[field.name] ?? field.name),
                "value": .text(field.value), "onCard": .bool(cardFields.contains(field.name)),
            ]
            // Always set, `false` when not a link: a missing `url` would be the card's own, found further out.
            entry["url"] = SafeURL.external(field.value).map { .text($0) } ?? .bool(false)
            return .object(entry)
        }
        for field in item.fields { card[field.name] = .text(field.value) }
        card["fields"] = .list(item.fields.map(entry))
        card["hasFields"] = .bool(true)
        let shown = cardFields.compactMap { name in item.fields.first { $0.name == name }.map(entry) }
        if !shown.isEmpty {
            card["cardFields"] = .list(shown)
            card["hasCardFields"] = .bool(true)
        }
    }

    /// A picture as the theme shows it. With the image pipeline: the true size, a `srcset` per format
    /// (`sources`, the last format as the `<img>` fallback), the placeholder in `style`; a picture that
    /// could not be had is `unavailable`, with no URL at all (never a link to the broken original).
    private func imageFields(_ image: ImageReference, picture: PictureState?) -> TemplateObject {
        var fields: TemplateObject = ["alt": .text(image.alt)]
        var size = image.width.flatMap { width in image.height.map { (width, $0) } }
        var style: [String] = []
        switch picture {
        case nil:
            fields["src"] = .text(image.src)
            if let (width, height) = size {
                fields["srcWidth"] = TemplateValue(width)
                fields["srcHeight"] = TemplateValue(height)
            }
        case .failed:
            fields["unavailable"] = .bool(true)
        case .published(let published):
            size = (published.image.width, published.image.height)
            let formats = published.image.formats
            func srcset(_ format: ImageFormat) -> String {
                published.image.variants.filter { $0.format == format }.map {
                    "\(paths.baseURL.path)\(published.path(of: $0)) \($0.width)w"
                }.joined(separator: ", ")
            }
            if let fallback = formats.last,
                let largest = published.image.variants.last(where: { $0.format == fallback })
            {
                fields["src"] = .text(paths.baseURL.path + published.path(of: largest))
                fields["srcWidth"] = TemplateValue(largest.width)
                fields["srcHeight"] = TemplateValue(largest.height)
                fields["srcset"] = .text(srcset(fallback))
            }
            fields["sources"] = .list(
                formats.dropLast().map { .object(["type": .text($0.mediaType), "srcset": .text(srcset($0))]) })
            switch published.image.placeholder {
            case .color(let color): style.append("background: \(color);")
            case .image(let uri): style.append("background: center / cover no-repeat url(\(uri));")
            case nil: break
            }
        }
        if let (width, height) = size {
            fields["width"] = TemplateValue(width)
            fields["height"] = TemplateValue(height)
            style.insert("aspect-ratio: \(width) / \(height);", at: 0)
        }
        fields["hasSize"] = .bool(size != nil)
        if !style.isEmpty { fields["style"] = .text(style.joined(separator: " ")) }
        return fields
    }
}
