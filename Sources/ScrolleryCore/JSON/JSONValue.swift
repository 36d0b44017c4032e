public import Foundation

/// A JSON document as a value: what every source and detail response decodes to.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses a JSON document.
    /// - Parameter data: the bytes of the document.
    /// - Returns: the decoded value.
    /// - Throws: `JSONSyntaxError`, with the line and column of the problem.
    public static func parse(_ data: Data) throws -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = data.withUnsafeBytes { raw in
            Result { () throws(JSONSyntaxError) in try JSONParser.parse(raw.bindMemory(to: UInt8.self)) }
        }
        return try result.get()
    }

    /// The value as a string for templates: numbers without a trailing `.0`, `nil` for containers and null.
    public var scalarText: String? {
        switch self {
        case .string(let text): return text
        case .number(let number): return number.text
        case .bool(let flag): return flag ? "true" : "false"
        case .null, .array, .object: return nil
        }
    }
}
