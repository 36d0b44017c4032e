/// A request or response header.
public struct HTTPHeader: Sendable, Equatable {
    /// The header's name.
    public var name: String
    /// The header's value.
    public var value: String

    /// - Parameters:
    ///   - name: the header's name.
    ///   - value: the header's value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// A header named `name` (in any case) with `value`.
    public init(_ name: String, _ value: String) {
        self.init(name: name, value: value)
    }
}
