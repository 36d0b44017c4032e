import Foundation

/// Where the site is served: `/`, `/gallery/`, or `https://example.org/gallery/`.
public struct BaseURL: Sendable, Equatable {
    /// The path prefix every internal link starts with; begins and ends with `/`.
    public let path: String
    /// The scheme and host (`https://example.org`) when the base URL is absolute.
    public let origin: String?

    /// Parses a base URL as written in the config or on the command line.
    /// - Parameter text: a path prefix (`/gallery`) or an absolute http(s) URL.
    /// - Returns: `nil` when it is neither.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.contains(where: { $0.isWhitespace || $0 == "?" || $0 == "#" }) else {
            return nil
        }
        var origin: String?
        var path = trimmed
        for scheme in ["https://", "http://"] where trimmed.lowercased().hasPrefix(scheme) {
            let rest = trimmed.dropFirst(scheme.count)
            let host = rest.prefix { $0 != "/" }
            guard !host.isEmpty else { return nil }
            origin = scheme + host
            path = String(rest.dropFirst(host.count))
        }
        if origin == nil, trimmed.contains(":") { return nil }
        if !path.hasPrefix("/") {
            guard origin != nil else { return nil }
            path = "/" + path
        }
        // `//host/` and `/\host/` are read by browsers as another host: every page would load its script
        // and style from there.
        guard !path.hasPrefix("//"), !path.contains("\\"),
            !path.unicodeScalars.contains(where: ControlCharacters.isUnwanted)
        else { return nil }
        if !path.hasSuffix("/") { path += "/" }
        guard !path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        self.path = path
        self.origin = origin
    }

    /// The absolute URL of a site path when the origin is known, else the path itself.
    /// - Parameter sitePath: a root-relative path such as `/gallery/page/2/`.
    package func absolute(_ sitePath: String) -> String {
        (origin ?? "") + sitePath
    }
}
