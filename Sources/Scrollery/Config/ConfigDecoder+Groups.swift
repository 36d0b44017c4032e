import ScrolleryCore
import Yams

extension ConfigDecoder {
    /// The `groups:` section: each a name and its values' template (`photographer: "{{author}}"`), or a
    /// mapping of `values` and `title`.
    func decodeGroups(_ reader: ConfigReader?) throws(ConfigError) -> [GroupConfig] {
        guard let reader else { return [] }
        var groups: [GroupConfig] = []
        for (keyNode, valueNode) in reader.mapping {
            let name = keyNode.string ?? ""
            guard Self.isGroupName(name), !GroupConfig.reservedNames.contains(name) else {
                throw reader.error(
                    name, "is not a group name Scrollery can make a folder of.",
                    fix: "Use a letter, then up to 39 lowercase letters, digits, `_` and `-`, such as `tag`; "
                        + "not one of the site's own folders (\(GroupConfig.reservedNames.sorted().joined(separator: ", ")))."
                )
            }
            var group: GroupConfig
            if valueNode.mapping != nil {
                let entry = try ConfigReader(file: file.path, path: reader.keyPath(name), node: valueNode)
                try entry.rejectUnknownKeys(["values", "title"])
                group = GroupConfig(
                    name: name, values: try entry.requiredString("values", example: "\"{{#tags}}{{.}}\\n{{/tags}}\""))
                if let title = try entry.string("title") {
                    try Self.checkTemplate(title, in: entry, key: "title", name: "groups.\(name).title")
                    group.title = title
                }
                try Self.checkTemplate(group.values, in: entry, key: "values", name: "groups.\(name).values")
            } else {
                let values = try reader.requiredString(name, example: "\"{{author}}\"")
                try Self.checkTemplate(values, in: reader, key: name, name: "groups.\(name)")
                group = GroupConfig(name: name, values: values)
            }
            groups.append(group)
        }
        return groups
    }

    /// A letter, then up to 39 lowercase ASCII letters, digits, `_` and `-`: a folder name on any system.
    static func isGroupName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.unicodeScalars.count <= 40
        else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
        }
    }

    private static func checkTemplate(
        _ text: String, in reader: ConfigReader, key: String, name: String
    ) throws(ConfigError) {
        do {
            _ = try Template(text, escaping: .none, name: name)
        } catch {
            throw reader.error(key, "is not a template: \(error)", fix: "Fix the Mustache template.")
        }
    }
}
