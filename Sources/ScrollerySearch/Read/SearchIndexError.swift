import ScrolleryCore
/// The search index could not be made or read: what went wrong.
struct SearchIndexError: ScrolleryError {
    let description: String
    init(_ description: String) { self.description = description }
}

extension SearchIndexError {
    var problem: String { description }
}
