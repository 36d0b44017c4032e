import ScrolleryCore

/// One item from the source, with its 1-based position in the whole gallery.
struct SourceItem: Sendable {
    let position: Int
    let value: JSONValue
}
