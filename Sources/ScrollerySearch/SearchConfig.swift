/// The `search:` section of `scrollery.yml`: a search page and the index it reads.
public struct SearchConfig: Sendable, Equatable {
    /// What words are found in.
    public enum Field: String, Sendable, CaseIterable {
        case title, description
    }

    /// Whether the build writes the search index, the `search/` page and the box on listing pages.
    public var enabled = false
    /// The fields whose words are indexed; a word of the title ranks above one of the description.
    public var fields: [Field] = [.title, .description]
    /// The names of the item's own fields (`item.fields`) whose words are indexed, as a description's are.
    public var itemFields: [String] = []
    /// The facets: a name and a Mustache template over the source item (its detail under `detail`); each
    /// line the template makes is one value.
    public var filters: [(name: String, template: String)] = []

    /// - Parameters:
    ///   - enabled: whether the site has search.
    ///   - fields: the fields whose words are indexed.
    ///   - filters: the facets, by name, in the order the page shows them.
    public init(enabled: Bool = false, fields: [Field] = [.title, .description], filters: [(String, String)] = []) {
        self.enabled = enabled
        self.fields = fields
        self.filters = filters.map { (name: $0.0, template: $0.1) }
    }

    public static func == (one: SearchConfig, other: SearchConfig) -> Bool {
        one.enabled == other.enabled && one.fields == other.fields && one.itemFields == other.itemFields
            && one.filters.map(\.name) == other.filters.map(\.name)
            && one.filters.map(\.template) == other.filters.map(\.template)
    }
}
