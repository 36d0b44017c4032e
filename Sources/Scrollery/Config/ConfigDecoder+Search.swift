import ScrolleryCore
import ScrollerySearch

extension ConfigDecoder {
    /// - Parameters:
    ///   - itemFields: the item's own fields, which `search.fields` may name.
    ///   - groups: the site's groups, which `search.filters` may name (a list of names, or `tag: group`), so
    ///     a facet and its group's pages are made of one definition.
    func decodeSearch(
        _ reader: ConfigReader?, itemFields: [ItemField] = [], groups: [GroupConfig] = []
    ) throws(ConfigError) -> SearchConfig {
        var search = SearchConfig()
        guard let reader else { return search }
        try reader.rejectUnknownKeys(["enabled", "fields", "filters"])
        search.enabled = try reader.bool("enabled") ?? false
        if let node = reader.node("fields") {
            guard let list = node.sequence else {
                throw reader.error(
                    "fields", "expected a list of fields, found \(ConfigReader.describe(node)).",
                    fix: "Write `fields: [title, description]`.")
            }
            var fields: [SearchConfig.Field] = []
            var named: [String] = []
            for entry in list {
                if let name = entry.string, let field = SearchConfig.Field(rawValue: name) {
                    if !fields.contains(field) { fields.append(field) }
                } else if let name = entry.string, itemFields.contains(where: { $0.name == name }) {
                    if !named.contains(name) { named.append(name) }
                } else {
                    let own = itemFields.map { "`\($0.name)`" }.joined(separator: ", ")
                    let choices = own.isEmpty ? "" : " or one of item.fields: " + own
                    throw reader.error(
                        "fields", "\(ConfigReader.describe(entry)) is not a field search can read.",
                        fix: "Use `title`, `description`\(choices).")
                }
            }
            guard !fields.isEmpty || !named.isEmpty else {
                throw reader.error("fields", "names no field.", fix: "Write `fields: [title, description]`.")
            }
            search.fields = fields
            search.itemFields = named
        }
        if let list = reader.node("filters")?.sequence {
            for entry in list {
                guard let name = entry.string, let group = groups.first(where: { $0.name == name }) else {
                    let names = groups.map { "`\($0.name)`" }.joined(separator: ", ")
                    throw reader.error(
                        "filters", "\(ConfigReader.describe(entry)) is not one of the site's groups.",
                        fix: names.isEmpty
                            ? "Name groups (`groups: { tag: ... }`) or write filters as a mapping of names to templates."
                            : "Name one of \(names), or write filters as a mapping of names to templates.")
                }
                guard !search.filters.contains(where: { $0.name == name }) else { continue }
                search.filters.append((name: name, template: group.values))
            }
        } else if let filters = try reader.child("filters") {
            for (keyNode, _) in filters.mapping {
                let name = keyNode.string ?? ""
                guard (1...40).contains(name.count),
                    name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }),
                    !["q", "page"].contains(name)
                else {
                    throw filters.error(
                        name, "is not a filter name Scrollery can put in an address.",
                        fix: "Use up to 40 letters, digits, `_` and `-` (not `q` or `page`), such as `tag`.")
                }
                let template = try filters.requiredString(name, example: "\"{{#tags}}{{.}}\\n{{/tags}}\"")
                do {
                    _ = try Template(template, escaping: .none, name: "search.filters.\(name)")
                } catch {
                    throw filters.error(name, "is not a template: \(error)", fix: "Fix the Mustache template.")
                }
                search.filters.append((name: name, template: template))
            }
        }
        return search
    }
}
