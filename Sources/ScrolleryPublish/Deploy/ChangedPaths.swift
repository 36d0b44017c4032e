/// The URL paths a deploy changed, for a CDN invalidation of just those: `/` and the path under the prefix
/// of each upload and delete, and for an `index.html` also its folder (`/items/a/`), which is how pages are
/// linked. Sorted, each once.
package enum ChangedPaths {
    package static func of(uploads: [PlannedUpload], deletes: [PlannedDelete]) -> [String] {
        var paths: Set<String> = []
        for path in uploads.map(\.file.path) + deletes.map(\.path) {
            paths.insert("/" + path)
            if path == "index.html" || path.hasSuffix("/index.html") {
                paths.insert("/" + path.dropLast("index.html".count))
            }
        }
        return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
