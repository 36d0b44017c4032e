import ScrolleryCore

/// Which listed keys are Scrollery's to manage under a prefix. A listing comes from a server, so each key is
/// judged before it is mapped to a local path or deleted: only a key inside the prefix whose rest is a
/// plain relative path is ours.
package struct ManagedKeys: Sendable {
    /// What a listed key is to the deploy.
    package enum Verdict: Sendable, Equatable {
        /// Ours: the path under the prefix (`items/a/index.html`), which may be compared, replaced and deleted.
        case managed(relativePath: String)
        /// Scrollery's own bookkeeping (`.scrollery-manifest`, …): never uploaded with the site, never deleted.
        case bookkeeping
        /// Not under the prefix: left alone.
        case outsidePrefix
        /// Under the prefix but not a path Scrollery could have written: left alone, and worth a warning.
        case unsafe(reason: String)
    }

    package let prefix: String

    package init(prefix: String) {
        self.prefix = prefix
    }

    package func verdict(on key: String) -> Verdict {
        guard key.utf8.starts(with: prefix.utf8) else { return .outsidePrefix }
        let rest = String(decoding: key.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
        if key.unicodeScalars.contains(where: S3Key.isControl) { return .unsafe(reason: "it has a control character") }
        if rest.isEmpty { return .unsafe(reason: "it is the prefix itself") }
        if rest.hasPrefix("/") { return .unsafe(reason: "its path starts with /") }
        guard RelativePath.staysInside(rest) else {
            return .unsafe(reason: "its path has an empty, \".\" or \"..\" segment")
        }
        if Self.isBookkeeping(rest) { return .bookkeeping }
        return .managed(relativePath: rest)
    }

    /// Whether a path under the prefix is Scrollery's bookkeeping: a segment whose name starts with
    /// `.scrollery` (`.scrollery-manifest`, `.scrollery-render-keys`, `.scrollery-cache/…`).
    package static func isBookkeeping(_ relativePath: String) -> Bool {
        relativePath.split(separator: "/").contains { $0.hasPrefix(".scrollery") }
    }
}
