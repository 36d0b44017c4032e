import Foundation

/// Which `Content-Type`s a JSON document may come with.
package enum JSONMediaType {
    /// Whether a response of `contentType` (lowercased) may hold JSON: `…/json`, `…+json`, and the
    /// generic types that APIs and file servers send for it (or none at all).
    package static func allows(_ contentType: String) -> Bool {
        let type =
            contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return type.hasSuffix("/json") || type.hasSuffix("+json") || type == "text/plain"
            || type == "application/octet-stream" || type == "text/javascript" || type.isEmpty
    }
}
