import ScrolleryCore

/// The URL paths a deploy changed, for a CDN invalidation of just those: `/` and the path under the prefix
/// of each upload and delete, and for an `index.html` also its folder (`/items/a/`), which is how pages are
/// linked. Percent-encoded as a browser requests them (a space, `%`, `#` and every non-ASCII byte; `/`
/// and RFC 3986's other path characters as they are), so a line is one path, as CloudFront asks. Sorted,
/// each once.
package enum ChangedPaths {
    package static func of(uploads: [PlannedUpload], deletes: [PlannedDelete]) -> [String] {
        var paths: Set<String> = []
        for path in uploads.map(\.file.path) + deletes.map(\.path) {
            paths.insert("/" + encoded(path))
            if path == "index.html" || path.hasSuffix("/index.html") {
                paths.insert("/" + encoded(String(path.dropLast("index.html".count))))
            }
        }
        return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The path with every byte outside RFC 3986's `pchar` and `/`, and `*`, percent-encoded.
    static func encoded(_ path: String) -> String {
        URIBytes.percentEncoded(path, keeping: pathBytes.contains)
    }

    /// `/`, the sub-delimiters but `*` (a wildcard to CloudFront, and to a shell), `:` and `@`.
    private static let pathBytes = Set("/!$&'()+,;=:@".utf8)
}
