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
    /// The file offered for download (`item.download`): an http(s) URL; by default the largest variant of
    /// a processed picture.
    public var download: String?
    /// The item's video (`item.video`): an http(s) URL of a `.mp4`, `.webm` or `.ogv` file, or of a YouTube
    /// or Vimeo video.
    public var video: String?
    /// Any other fields of the source (`item.fields`): a name and a template, in the order the pages show
    /// them.
    public var fields: [ItemField] = []

    /// The names a field may not take: the built-in keys of an item's template context, and those the
    /// camera's data will use.
    public static let reservedFieldNames: Set<String> = [
        "id", "title", "image", "width", "height", "alt", "description", "date", "link", "position", "slug", "url",
        "excerpt", "error", "section", "sectionStart", "descriptionHTML", "listURL", "prev", "next", "share",
        "fields", "hasFields", "cardFields", "hasCardFields", "picture", "page", "strings", "download", "video",
    ]
}

/// One of `item.fields`: a name, which templates reach it by, and a Mustache template over the source item
/// (its detail under `detail`) that makes its value.
public struct ItemField: Sendable, Equatable {
    public var name: String
    public var template: String

    public init(name: String, template: String) {
        self.name = name
        self.template = template
    }

    /// How the default theme labels the field: its name with `_` as spaces and a capital first letter.
    public var label: String {
        let words = name.replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
