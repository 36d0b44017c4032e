import ScrolleryCore
package import ScrolleryIO

/// A query parameter, not yet encoded; `value` is empty for one sent bare (`?lifecycle`).
package struct QueryItem: Sendable, Equatable {
    package let name: String
    package let value: String

    package init(_ name: String, _ value: String = "") {
        self.name = name
        self.value = value
    }
}

/// What Signature Version 4 signs of a request: its method, host, path, query and headers. The path and
/// the query are given decoded; `target` is how they must be sent, encoded exactly as they are signed.
package struct SigV4Request: Sendable, Equatable {
    package let method: String
    /// The `Host` header: the host name, with `:port` when the port is not the scheme's default.
    package let host: String
    /// The path, decoded: `/examplebucket/photos/a b.jpg`.
    package let path: String
    package let query: [QueryItem]
    /// The headers to sign and send besides `host` and the ones the signer adds. Send only headers no proxy
    /// changes on the way (`Content-Type`, `Content-MD5`, `Cache-Control`, `x-amz-meta-*`, …).
    package let headers: [HTTPHeader]

    package init(method: String, host: String, path: String, query: [QueryItem] = [], headers: [HTTPHeader] = []) {
        self.method = method
        self.host = host
        self.path = path
        self.query = query
        self.headers = headers
    }

    /// The path and query as the request line carries them: `/test%24file.text?max-keys=2&prefix=J`.
    package var target: String {
        let query = canonicalQuery
        return SigV4Encoding.path(path) + (query.isEmpty ? "" : "?" + query)
    }

    /// Each name and value encoded, sorted by encoded name and then by encoded value (byte order), joined as
    /// `name=value` with `&`.
    var canonicalQuery: String {
        query.map { (name: SigV4Encoding.component($0.name), value: SigV4Encoding.component($0.value)) }
            .sorted {
                $0.name != $1.name
                    ? $0.name.utf8.lexicographicallyPrecedes($1.name.utf8)
                    : $0.value.utf8.lexicographicallyPrecedes($1.value.utf8)
            }
            .map { $0.name + "=" + $0.value }
            .joined(separator: "&")
    }
}
