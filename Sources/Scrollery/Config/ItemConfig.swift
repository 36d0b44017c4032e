/// Mustache templates over an item (with its detail under `detail`) that make the card's fields.
public struct ItemConfig: Sendable {
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
