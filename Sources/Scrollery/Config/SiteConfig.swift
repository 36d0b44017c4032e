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
    public var item: ItemConfig
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
    /// The `groups:` section: pages for each value of a field (albums, tags, authors), in the config's order.
    public var groups: [GroupConfig] = []
    /// The `strings:` section: the site's own words for the theme, by key, over its language's table.
    public var strings: [String: String] = [:]
    /// Hides the values taken from the environment (`${NAME}`) wherever text is shown.
    public var redactor: Redactor
    /// The site folder: relative paths in the config are resolved against it.
    public var siteFolder: URL
    /// The config file the values were read from.
    public var file: URL
}
