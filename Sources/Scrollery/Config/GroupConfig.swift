/// One of the `groups:` section's groups: a page for each value of a field (`tag/<value>/`), and a page
/// that lists the values (`tag/`).
public struct GroupConfig: Sendable, Equatable {
    /// The group's name, its folder in the output (`tag`).
    public var name: String
    /// A template over the source item (its detail under `detail`, its picture under `picture`) whose every
    /// line is one of the item's values, as `search.filters`' are.
    public var values: String
    /// The title of a value's pages, a template over `value` and `count`.
    public var title: String

    public init(name: String, values: String, title: String = "{{value}}") {
        self.name = name
        self.values = values
        self.title = title
    }

    /// Names a group may not have: the folders and files the site already writes at its root.
    public static let reservedNames: Set<String> = [
        "items", "page", "images", "assets", "search", "favorites", "sections", "static", "feed", "sitemap",
        "robots", "index", "404", "q",
    ]
}
