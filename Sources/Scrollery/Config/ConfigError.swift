public import ScrolleryCore
/// A problem in `scrollery.yml`: which file, which key, what is wrong and how to fix it.
public struct ConfigError: ScrolleryError, Sendable {
    /// The config file.
    public let file: String
    /// The dotted key path, such as `source.paginate.style`; empty for the file as a whole.
    public let key: String
    /// The 1-based line in the file, when known.
    public let line: Int?
    /// What is wrong.
    public let problem: String
    /// What to do about it.
    public let fix: String

    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        let subject = key.isEmpty ? "" : " `\(key)`:"
        return "\(place):\(subject) \(problem) \(fix)"
    }
}

extension ConfigError {
    /// The file and line, and the key.
    public var place: String { "\(file)\(line.map { ":\($0)" } ?? ""), \(key)" }
}
