import ScrolleryCore
/// An element of a small XML document: its name, its child elements and its own text (entities resolved,
/// CDATA included, the text of its children not).
package struct XMLElement: Sendable, Equatable {
    package let name: String
    package var children: [XMLElement]
    package var text: String

    /// The first child named `name`.
    package func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }

    /// Every child named `name`, in order.
    package func children(_ name: String) -> [XMLElement] { children.filter { $0.name == name } }
}

/// Why a server's answer could not be read.
package struct XMLSyntaxError: ScrolleryError, Sendable, Equatable {
    /// What is wrong, and at which byte.
    package let problem: String
    package let offset: Int

    package var description: String { "not well-formed XML at byte \(offset): \(problem)" }
}

extension XMLSyntaxError {
    package var place: String { "byte \(offset)" }
}
