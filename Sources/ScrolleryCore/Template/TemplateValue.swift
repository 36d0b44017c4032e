/// What a template sees: text, a flag, a list, an object of named values, or a JSON document from a
/// source, walked as it is. A value that is not there is `nil`.
///
/// Numbers are text: whoever builds a context formats them (`TemplateValue(42)`).
package enum TemplateValue: Sendable {
    case text(String)
    /// Text held as its UTF-8 bytes (the HTML libcmark wrote): read as `.text` is, without becoming a String.
    case utf8([UInt8])
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
        case .text, .utf8, .bool, .list, .json: return nil
        }
    }

    /// Whether `member(name, key:)` finds a value, found without making it.
    package func hasMember(_ name: String, key: UInt64) -> Bool {
        switch self {
        case .object(let members): return members.contains(name, key: key)
        case .json(.object(let members)):
            guard let member = members[name] else { return false }
            if case .null = member { return false }
            return true
        case .text, .utf8, .bool, .list, .json: return false
        }
    }

    /// The same value in storage of its own: text, lists and objects copied all the way down, so that a
    /// thread rendering with the copy writes no reference count that another thread writes (see
    /// `TemplateLibrary.independentCopy`).
    package func independentCopy() -> TemplateValue {
        switch self {
        case .text(let text): return .text(Self.independentCopy(of: text))
        case .utf8(let bytes): return .utf8(Self.independentCopy(of: bytes))
        case .bool: return self
        case .list(let elements): return .list(elements.map { $0.independentCopy() })
        case .object(let object): return .object(object.independentCopy())
        case .json(let json): return .json(Self.independentCopy(of: json))
        }
    }

    /// Text in storage of its own (text of up to 15 bytes is held in the value itself, with no storage).
    static func independentCopy(of text: String) -> String {
        String(decoding: Array(text.utf8), as: UTF8.self)
    }

    /// Bytes in storage of their own.
    static func independentCopy(of bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 }
    }

    private static func independentCopy(of json: JSONValue) -> JSONValue {
        switch json {
        case .null, .bool: return json
        case .number(let number):
            return .number(JSONNumber(number.value, integerText: number.integerText.map(independentCopy(of:))))
        case .string(let text): return .string(independentCopy(of: text))
        case .array(let elements): return .array(elements.map(independentCopy(of:)))
        case .object(let members):
            return .object(
                Dictionary(
                    uniqueKeysWithValues: members.map { (independentCopy(of: $0.key), independentCopy(of: $0.value)) }))
        }
    }

    /// The elements a section repeats over, if this is a list.
    package var elements: [TemplateValue]? {
        switch self {
        case .list(let elements): return elements
        case .json(.array(let elements)): return elements.compactMap { TemplateValue(json: $0) }
        case .text, .utf8, .bool, .object, .json: return nil
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
