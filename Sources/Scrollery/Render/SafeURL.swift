import Foundation

/// The only way a URL from a source reaches an `href` or `src`: http and https pass, every other
/// scheme (`javascript:`, `data:`, `file:`) is dropped, and relative paths are placed under the base URL.
enum SafeURL {
    /// An absolute http(s) URL, or `nil`.
    static func external(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        guard !containsUnsafeCharacters(trimmed), let components = URLComponents(string: trimmed),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return nil }
        return trimmed
    }

    /// An http(s) URL, or a path relative to the site root placed under `base`; `nil` for anything else.
    static func resource(_ text: String, base: BaseURL) -> String? {
        let trimmed = text.trimmingWhitespace()
        if let external = external(trimmed) { return external }
        guard !trimmed.isEmpty, !containsUnsafeCharacters(trimmed), !trimmed.hasPrefix("//"),
            !hasScheme(trimmed), URLComponents(string: trimmed) != nil
        else { return nil }
        var path = Substring(trimmed)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        while path.hasPrefix("/") { path = path.dropFirst() }
        // A `..` segment (even percent-encoded) would climb out of the base path.
        let pathPart = path.prefix { $0 != "?" && $0 != "#" }
        let segments = pathPart.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).removingPercentEncoding ?? String($0)
        }
        guard !segments.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        return base.path + path
    }

    private static func containsUnsafeCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == " " || $0 == "\\" }
    }

    /// Whether the text starts with `scheme:` (before any `/`, `?` or `#`).
    private static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        return !text[..<colon].contains { $0 == "/" || $0 == "?" || $0 == "#" }
    }
}
