import Yams

/// Walks one YAML mapping of the config, reading typed values and remembering which keys were used,
/// so that an unknown key (a typo) is reported instead of silently ignored.
struct ConfigReader {
    let file: String
    let path: String
    let mapping: Node.Mapping
    let line: Int?

    init(file: String, path: String, node: Node) throws(ConfigError) {
        guard let mapping = node.mapping else {
            throw ConfigError(
                file: file, key: path, line: node.mark.map { $0.line },
                problem: "expected a mapping of keys to values, found \(Self.describe(node)).",
                fix: "Write it as `key: value` lines indented under `\(path.isEmpty ? "the top level" : path)`.")
        }
        self.file = file
        self.path = path
        self.mapping = mapping
        self.line = node.mark.map { $0.line }
    }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func node(_ key: String) -> Node? {
        guard let value = mapping[key], value.null == nil else { return nil }
        return value
    }

    func error(_ key: String, _ problem: String, fix: String) -> ConfigError {
        let line = mapping[key]?.mark.map { $0.line } ?? self.line
        return ConfigError(file: file, key: keyPath(key), line: line, problem: problem, fix: fix)
    }

    func missing(_ key: String, example: String) -> ConfigError {
        ConfigError(
            file: file, key: keyPath(key), line: line, problem: "is required but missing.",
            fix: "Add it, for example `\(key): \(example)`.")
    }

    func string(_ key: String) throws(ConfigError) -> String? {
        guard let value = node(key) else { return nil }
        guard case .scalar(let scalar) = value else {
            throw error(key, "expected a text value, found \(Self.describe(value)).", fix: "Write a single value.")
        }
        return scalar.string
    }

    func requiredString(_ key: String, example: String) throws(ConfigError) -> String {
        guard let value = try string(key), !value.isEmpty else { throw missing(key, example: example) }
        return value
    }

    func int(_ key: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int? {
        guard let text = try string(key) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw error(
                key, "expected a whole number from \(range.lowerBound) to \(range.upperBound), found `\(text)`.",
                fix: "Use a number in that range.")
        }
        return value
    }

    func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let text = try string(key) else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error(key, "expected true or false, found `\(text)`.", fix: "Write `true` or `false`.")
        }
    }

    func child(_ key: String) throws(ConfigError) -> ConfigReader? {
        guard let value = node(key) else { return nil }
        return try ConfigReader(file: file, path: keyPath(key), node: value)
    }

    /// Rejects every key not in `known`, suggesting the closest known key.
    func rejectUnknownKeys(_ known: [String]) throws(ConfigError) {
        for (keyNode, _) in mapping {
            let key = keyNode.string ?? ""
            guard !known.contains(key) else { continue }
            let suggestion = known.min { editDistance(key, $0) < editDistance(key, $1) }
            let hint =
                suggestion.map { editDistance(key, $0) <= 3 ? "Did you mean `\($0)`? " : "" } ?? ""
            throw ConfigError(
                file: file, key: keyPath(key), line: keyNode.mark.map { $0.line },
                problem: "is not a known key.",
                fix: "\(hint)Known keys here: \(known.joined(separator: ", ")).")
        }
    }

    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): return "`\(scalar.string)`"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }
}

/// Levenshtein distance, for "did you mean" hints on short key names.
func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs.lowercased())
    let b = Array(rhs.lowercased())
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        previous = current
    }
    return previous[b.count]
}
