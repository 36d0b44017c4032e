/// The search index could not be made or read: what went wrong.
struct SearchIndexError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
