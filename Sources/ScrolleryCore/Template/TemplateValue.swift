/// What a template sees: text, a flag, a list, an object of named values, or a JSON document from a
/// source, walked as it is. A value that is not there is `nil`.
///
/// Numbers are text: whoever builds a context formats them (`TemplateValue(42)`).
package enum TemplateValue: Sendable {
    case text(String)
    case bool(Bool)
    case list([TemplateValue])
    case object(TemplateObject)
    /// An array or object of a source's JSON; scalars inside it are read as text and flags.
    case json(JSONValue)

    package init(_ number: Int) {
        self = .text(String(number))
    }

    /// JSON as a template value: strings and numbers are text, `null` is no value.
    package init?(json: JSONValue) {
        switch json {
        case .null: return nil
        case .bool(let flag): self = .bool(flag)
        case .number, .string: self = .text(json.scalarText ?? "")
        case .array, .object: self = .json(json)
        }
    }

    /// The member called `name`, if this is an object that has it.
    package func member(_ name: String) -> TemplateValue? {
        member(name, key: NameKey.of(name))
    }

    /// The member called `name`, whose key is `key` (`NameKey.of(name)`).
    package func member(_ name: String, key: UInt64) -> TemplateValue? {
        switch self {
        case .object(let members): return members[name, key: key]
        case .json(.object(let members)): return members[name].flatMap { TemplateValue(json: $0) }
        case .text, .bool, .list, .json: return nil
        }
    }

    /// The elements a section repeats over, if this is a list.
    package var elements: [TemplateValue]? {
        switch self {
        case .list(let elements): return elements
        case .json(.array(let elements)): return elements.compactMap { TemplateValue(json: $0) }
        case .text, .bool, .object, .json: return nil
        }
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    package init(stringLiteral value: String) { self = .text(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    package init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(TemplateObject(elements))
    }
}
