package import Foundation
import ScrolleryCore

/// Decides whether a redirect is followed, and what goes along: the configured headers (tokens, API keys)
/// go only to the origin (scheme, host and port) they were configured for; an `https` page is never
/// followed to `http`; only http(s) locations are followed, never in a loop, and at most `maxRedirects`.
package struct RedirectRule: Sendable {
    package let maxRedirects: Int

    /// Where a redirect leads, or why it is not followed.
    package enum Decision: Equatable {
        case follow(URL, sendHeaders: Bool)
        case refuse(String)
    }

    /// - Parameters:
    ///   - location: the `Location` header.
    ///   - current: the URL that answered with it.
    ///   - original: the URL the request was made for: its origin is the one the headers belong to.
    ///   - visited: the URLs requested so far for this request.
    package func decide(location: String, from current: URL, original: URL, visited: [URL]) -> Decision {
        guard visited.count <= maxRedirects else {
            return .refuse("more than \(maxRedirects) redirects")
        }
        guard let next = URL(string: location, relativeTo: current)?.absoluteURL,
            let scheme = next.scheme?.lowercased()
        else {
            return .refuse("redirects to `\(location.prefix(200))`, which is not a URL")
        }
        guard scheme == "http" || scheme == "https" else {
            return .refuse("redirects to a `\(scheme.prefix(20)):` URL; only http(s) is followed")
        }
        guard let host = next.host, !host.isEmpty else {
            return .refuse("redirects to `\(location.prefix(200))`, which names no host")
        }
        if current.scheme?.lowercased() == "https", scheme == "http" {
            return .refuse("redirects from https to http (\(Self.origin(of: next))), which is refused")
        }
        guard !visited.contains(where: { $0.absoluteString == next.absoluteString }) else {
            return .refuse("redirects in a loop")
        }
        return .follow(next, sendHeaders: Self.origin(of: next) == Self.origin(of: original))
    }

    /// `scheme://host:port`, with the scheme's default port written out, in lowercase.
    package static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    package static let statuses: Set<Int> = [301, 302, 303, 307, 308]
}
