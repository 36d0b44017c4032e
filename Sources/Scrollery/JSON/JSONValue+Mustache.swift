/// Turns JSON into the plain values swift-mustache walks: dictionaries, arrays, strings and booleans.
extension JSONValue {
    /// The value as a Mustache context: objects become `[String: Any]`, arrays `[Any]`, null `nil`.
    var mustacheContext: Any? {
        switch self {
        case .null: return nil
        case .bool(let flag): return flag
        case .number, .string: return scalarText
        case .array(let elements): return elements.map { $0.mustacheContext as Any }
        case .object(let members): return members.compactMapValues { $0.mustacheContext }
        }
    }
}
