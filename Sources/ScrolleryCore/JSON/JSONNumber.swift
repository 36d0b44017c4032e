/// A JSON number: its value, and, for an integer too long for a `Double` to hold exactly (16 digits or
/// more: Twitter, Discord and Mastodon ids, many databases' keys), the digits as the source wrote them,
/// so such an id reaches templates, slugs and URLs unchanged.
public struct JSONNumber: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// The value, as near as a `Double` holds it.
    public let value: Double
    /// The source's digits of a long integer; `nil` for any number a `Double` writes back exactly.
    public let integerText: String?

    /// - Parameters:
    ///   - value: the number's value.
    ///   - integerText: the digits of a long integer, as written.
    public init(_ value: Double, integerText: String? = nil) {
        self.value = value
        self.integerText = integerText
    }

    public init(integerLiteral value: Int) {
        self.init(Double(value))
    }

    public init(floatLiteral value: Double) {
        self.init(value)
    }

    /// The number as text: a long integer as written, a whole number without `.0`, else Swift's shortest
    /// form that reads back as the same `Double`.
    public var text: String {
        if let integerText { return integerText }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// Integer literals with at least this many digits keep their text.
    package static let exactDigits = 16
}
