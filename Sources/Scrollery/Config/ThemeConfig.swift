/// Choices the default theme offers (`theme:` in `scrollery.yml`).
public struct ThemeConfig: Sendable, Equatable {
    /// How cards are laid out on listing pages.
    public var layout: ThemeLayout = .justified
    /// Whether cards, item pages and the viewer have a favorite button, and the site a `favorites/` page.
    public var favorites = true
    /// The names of `item.fields` a card shows under its title, in this order.
    public var cardFields: [String] = []
    /// Whether the item page and the viewer offer a download (`item.download`, or the largest processed picture).
    public var download = true
    /// The seconds the viewer's slideshow shows each photo (`theme.slideshow.interval`).
    public var slideshowInterval = 5.0

    /// - Parameters:
    ///   - layout: how cards are laid out on listing pages.
    ///   - favorites: whether the theme offers favorites (buttons, `favorites.js`, the `favorites/` page).
    ///   - cardFields: the names of `item.fields` a card shows under its title.
    public init(layout: ThemeLayout = .justified, favorites: Bool = true, cardFields: [String] = []) {
        self.layout = layout
        self.favorites = favorites
        self.cardFields = cardFields
    }
}

/// How the default theme lays out the cards of a listing page.
public enum ThemeLayout: String, Sendable, Equatable, CaseIterable {
    /// Rows filled edge to edge, each picture as wide as its aspect ratio makes it at the row's height.
    case justified
    /// A plain grid of equal columns.
    case grid
}
