/// An RFC 6901 JSON pointer such as `/items` or `/data/0/next`; `""` points at the whole document.
public struct JSONPointer: Sendable, Equatable, CustomStringConvertible {
    /// The reference tokens, unescaped.
    public let tokens: [String]
    /// The pointer as written.
    public let description: String

    /// Parses a pointer; returns `nil` when it is neither empty nor starts with `/`.
    /// - Parameter text: the pointer as written in the config.
    public init?(_ text: String) {
        guard text.isEmpty || text.hasPrefix("/") else { return nil }
        description = text
        tokens =
            text.isEmpty
            ? []
            : text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            }
    }

    /// The value the pointer refers to in `document`, or `nil` when any step is missing.
    /// - Parameter document: the JSON value to look into.
    /// - Returns: the value at the pointer.
    public func resolve(in document: JSONValue) -> JSONValue? {
        var current = document
        for token in tokens {
            switch current {
            case .object(let members):
                guard let next = members[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
