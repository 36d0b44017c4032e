public import Foundation
public import ScrolleryCore
public import ScrolleryIO
public import ScrolleryImaging
public import ScrollerySearch

/// Everything `scrollery.yml` says, validated: the contract between a site folder and the build.
public struct SiteConfig: Sendable {
    /// The site's title, shown in the header and the `<title>` of every page.
    public var title: String
    /// A one-line description for the `<meta name="description">` tag.
    public var description: String?
    /// The site's language, a BCP 47 tag (`en`, `fr`, `pt-BR`): the pages' `lang` and the words of section
    /// headings.
    public var language = "en"
    /// Where the site is served: a path prefix or an absolute URL.
    public var baseURL: BaseURL
    /// The output folder, absolute.
    public var outputFolder: URL
    /// Items per listing page, independent of the source's page size.
    public var pageSize: Int
    /// Where the list of items comes from.
    public var source: SourceConfig
    /// The optional second request per item.
    public var detail: DetailConfig?
    /// How a source item (and its detail) becomes a card.
    public var item: ItemTemplates
    /// How the infinite-scroll script behaves.
    public var scroll: ScrollConfig
    /// Choices the default theme offers.
    public var theme: ThemeConfig
    /// How remote requests behave.
    public var fetch: FetchConfig
    /// Where responses are cached and for how long.
    public var cache: CacheConfig
    /// The `images:` section: how items' pictures are fetched and written.
    public var images: ImageConfig
    /// The `sections:` section: headings in the feed and the archive page, by date.
    public var sections = SectionsConfig()
    /// The `deploy:` section: where `scrollery deploy` publishes the output folder.
    public var deploy = DeployConfig()
    /// The `search:` section: the search page, its index and the box on listing pages.
    public var search = SearchConfig()
    /// Hides the values taken from the environment (`${NAME}`) wherever text is shown.
    public var redactor: Redactor
    /// The site folder: relative paths in the config are resolved against it.
    public var siteFolder: URL
    /// The config file the values were read from.
    public var file: URL
}

/// The paginated list of items.
public struct SourceConfig: Sendable {
    /// The URL or local path of a source page, a template over the pagination variables (`{{page}}`).
    public var url: String
    /// Where the array of items is in each response.
    public var items: JSONPointer
    /// How to go from one source page to the next.
    public var paginate: PaginationStyle
    /// At most this many items in all.
    public var limit: Int?
    /// At most this many source pages: any source ends, however its API behaves.
    public var maxPages = 100_000
    /// Request headers, with `${NAME}` resolved from the environment.
    public var headers: [HTTPHeader]
    /// The order the items are published in.
    public var order: SourceOrder = .forward
}

/// The order a source's items are published in (`source.order`).
public enum SourceOrder: String, Sendable, Equatable {
    /// As the source sends them.
    case forward
    /// The last item first: the whole source is read (and spilled to disk) before the first page is written.
    case reverse
}

/// How a source is paged through, and when it stops.
public enum PaginationStyle: Sendable, Equatable {
    /// Numbered pages from `first` (`?page=N`, or `{{page}}` in the URL); stops at an empty or short page,
    /// or a missing one.
    case page(param: String, first: Int, sizeParam: String?, size: Int?)
    /// Item offsets from `first`, advanced by the items received; stops at an empty or short page.
    case offset(param: String, first: Int, sizeParam: String?, size: Int?)
    /// A cursor taken from each response at `from`; stops when it is null or missing.
    case cursor(param: String, from: JSONPointer, sizeParam: String?, size: Int?)
    /// The value at `from` in the last item of a page (GitHub's `since=LAST_ID`); stops at an empty page.
    case since(param: String, from: JSONPointer, first: String?, sizeParam: String?, size: Int?)
    /// RFC 8288 `Link: <…>; rel="next"` headers; stops when there is none.
    case link(sizeParam: String?, size: Int?)
    /// Date windows of `days` days, newest first, from `from` (today, UTC, when absent) back to `until`.
    case dates(DateWindows)
}

/// The `dates` pagination style's settings.
public struct DateWindows: Sendable, Equatable {
    /// The query parameter of a window's first day.
    public var startParam: String
    /// The query parameter of a window's last day.
    public var endParam: String
    /// Days per window.
    public var days: Int
    /// The newest day, `YYYY-MM-DD`; today (UTC) when absent.
    public var from: String?
    /// The oldest day, `YYYY-MM-DD`; windows are clipped to it.
    public var until: String?
}

/// The per-item detail request.
public struct DetailConfig: Sendable {
    /// The URL or local path of an item's detail, a template over the item (`{{id}}`).
    public var url: String
    /// How many detail requests may be in flight at once.
    public var concurrency: Int
    /// Request headers, with `${NAME}` resolved from the environment.
    public var headers: [HTTPHeader]
}

/// Mustache templates over an item (with its detail under `detail`) that make the card's fields.
public struct ItemTemplates: Sendable {
    /// The item's identity; its slug (and so its page's URL) is made from it.
    public var id: String
    /// The card's title.
    public var title: String
    /// The image URL: http(s), or a path relative to the site root.
    public var image: String?
    /// The image's width in pixels.
    public var width: String?
    /// The image's height in pixels.
    public var height: String?
    /// The image's alternative text; the title when absent.
    public var alt: String?
    /// The Markdown description.
    public var description: String?
    /// The date shown on the card.
    public var date: String?
    /// A link to the item at its origin.
    public var link: String?
}

/// Settings of the infinite-scroll script.
public struct ScrollConfig: Sendable {
    /// Pages loaded automatically before loading waits for a "Load more" button.
    public var autoPages: Int
}

/// Choices the default theme offers (`theme:` in `scrollery.yml`).
public struct ThemeConfig: Sendable, Equatable {
    /// How cards are laid out on listing pages.
    public var layout: ThemeLayout = .justified
    /// Whether cards, item pages and the viewer have a favorite button, and the site a `favorites/` page.
    public var favorites = true

    /// - Parameters:
    ///   - layout: how cards are laid out on listing pages.
    ///   - favorites: whether the theme offers favorites (buttons, `favorites.js`, the `favorites/` page).
    public init(layout: ThemeLayout = .justified, favorites: Bool = true) {
        self.layout = layout
        self.favorites = favorites
    }
}

/// How the default theme lays out the cards of a listing page.
public enum ThemeLayout: String, Sendable, Equatable, CaseIterable {
    /// Rows filled edge to edge, each picture as wide as its aspect ratio makes it at the row's height.
    case justified
    /// A plain grid of equal columns.
    case grid
}
