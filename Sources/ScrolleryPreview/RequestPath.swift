import Foundation
import ScrolleryCore

/// The path of a request as names between slashes, percent-decoded. Repeated slashes fold into one
/// (`//page//2` is `/page/2`), and a path that could leave the folder it names is refused: one with a
/// `.` or `..` name, an encoded slash (`%2f`: no file name holds a slash) or a NUL byte.
struct RequestPath: Equatable, Sendable {
    /// The names between the slashes: never empty, `.` or `..`, never holding `/` or NUL.
    let names: [String]
    /// Whether the path ends with `/`, as a folder's does.
    let endsWithSlash: Bool

    /// Why a request path is refused.
    enum Refusal: ScrolleryError, Equatable {
        /// Not valid percent-encoded UTF-8, or holding a NUL byte.
        case undecodable
        /// A `.` or `..` name, or an encoded slash: a way out of the folder the path names.
        case traversal

        var problem: String {
            switch self {
            case .undecodable: "the path is not valid percent-encoded UTF-8, or holds a NUL byte"
            case .traversal: "the path leads out of the site's folder"
            }
        }

        var description: String { problem }
    }

    init(names: [String], endsWithSlash: Bool) {
        self.names = names
        self.endsWithSlash = endsWithSlash
    }

    /// The path of `raw`, the percent-encoded path of a request (no query).
    static func parse(_ raw: String) -> Result<RequestPath, Refusal> {
        var names: [String] = []
        for encoded in raw.split(separator: "/", omittingEmptySubsequences: true) {
            guard let name = encoded.removingPercentEncoding, !name.contains("\0") else {
                return .failure(.undecodable)
            }
            guard name != ".", name != "..", !name.contains("/") else { return .failure(.traversal) }
            names.append(name)
        }
        return .success(RequestPath(names: names, endsWithSlash: raw.hasSuffix("/")))
    }

    /// The names after `base` if the path starts with them (the path relative to a site's base path).
    func names(after base: [String]) -> [String]? {
        names.starts(with: base) ? Array(names.dropFirst(base.count)) : nil
    }

    /// The path as a redirect's target, with a slash at the end: one leading `/` and every name
    /// percent-encoded, so it can never be read as another host (`//host/`, `/\host/`).
    var folderLocation: String {
        let encoded = names.map { $0.addingPercentEncoding(withAllowedCharacters: Self.allowedInName) ?? "" }
        return "/" + encoded.map { $0 + "/" }.joined()
    }

    /// The characters a name keeps as they are in a URL path: RFC 3986's unreserved and sub-delimiters,
    /// `:` and `@`; everything else (`/`, `\`, `%`, `?`, `#`, spaces, non-ASCII) is percent-encoded.
    private static let allowedInName = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@")
}
