import ScrolleryCore

/// A user's rule from the config's `deploy.headers`: files whose path matches `match` get its
/// `cacheControl`, and its `contentType` when it has one.
package struct HeaderRule: Sendable, Equatable {
    package let match: PathGlob
    package let cacheControl: String
    package let contentType: String?

    package init(match: PathGlob, cacheControl: String, contentType: String? = nil) {
        self.match = match
        self.cacheControl = cacheControl
        self.contentType = contentType
    }
}

/// The headers an upload is sent with besides the signature's.
package struct UploadHeaders: Sendable, Equatable {
    package let contentType: String
    package let cacheControl: String

    /// The first rule that matches `path` wins; the defaults fill in what it does not say.
    /// - Parameter firstVersion: with the content types of the deploys whose manifest records no headers.
    package init(path: String, rules: [HeaderRule] = [], firstVersion: Bool = false) {
        let rule = rules.first { $0.match.matches(path) }
        contentType = rule?.contentType ?? ContentType.of(path: path, firstVersion: firstVersion)
        cacheControl = rule?.cacheControl ?? CacheControl.of(path: path)
    }

    /// 16 hex digits of the SHA-256 of both headers: what the deploy's manifest records of them, so that a
    /// file whose headers change is sent again.
    package var digest: String {
        Hex.lowercase(ContentDigest.bytes(of: Array("\(contentType)\n\(cacheControl)".utf8)).prefix(8))
    }
}
