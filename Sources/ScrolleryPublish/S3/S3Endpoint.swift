import ScrolleryCore
package import ScrolleryIO

/// The server requests go to. AWS itself (no endpoint given) is addressed virtual-hosted style,
/// `https://BUCKET.s3.REGION.amazonaws.com/KEY`; a custom endpoint (R2, B2, MinIO, …) path style,
/// `ENDPOINT/BUCKET/KEY`, as S3-compatible servers expect.
package struct S3Endpoint: Sendable, Equatable {
    /// `https` or `http`.
    package let scheme: String
    /// The host name or address as a URL writes it (an IPv6 address in brackets), lowercased; for AWS, the
    /// regional S3 host.
    package let host: String
    /// The port, when the URL names one that is not its scheme's default.
    package let port: Int?
    package let region: String
    /// Whether this is AWS itself, addressed virtual-hosted style.
    package let isAWS: Bool

    /// AWS S3 in `region`.
    package static func aws(region: String) throws(S3LocationError) -> S3Endpoint {
        try checkRegion(region)
        return S3Endpoint(scheme: "https", host: "s3.\(region).amazonaws.com", port: nil, region: region, isAWS: true)
    }

    private init(scheme: String, host: String, port: Int?, region: String, isAWS: Bool) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.region = region
        self.isAWS = isAWS
    }

    /// A custom endpoint, `https://HOST[:PORT]`. A plain `http://` one is refused unless its host is a
    /// loopback address (`localhost`, `127.0.0.0/8`, `::1`) or `allowHTTP` is set (`--allow-http`): the
    /// requests carry the signed files and anyone on the way could read or change them.
    package init(parsing text: String, region: String, allowHTTP: Bool = false) throws(S3LocationError) {
        func fail(_ problem: String, _ fix: String) -> S3LocationError {
            S3LocationError(given: text, problem: problem, fix: fix)
        }
        let lowered = text.lowercased()
        let scheme: String
        if lowered.hasPrefix("https://") {
            scheme = "https"
        } else if lowered.hasPrefix("http://") {
            scheme = "http"
        } else {
            throw fail("an endpoint is an https:// URL.", "Write it as https://HOST or https://HOST:PORT.")
        }
        let rest = lowered.dropFirst(scheme.count + 3)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let after = rest.dropFirst(authority.count)
        guard after.isEmpty || after == "/" else {
            throw fail(
                "an endpoint has no path, query or fragment.",
                "Give the server's address only (https://HOST[:PORT]); the bucket goes in --to s3://BUCKET.")
        }
        guard !authority.contains("@") else {
            throw fail(
                "an endpoint carries no user name or password.",
                "Remove them; credentials come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.")
        }
        var host = Substring(authority)
        var portText: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else {
                throw fail("the IPv6 address has no ].", "Write [ADDRESS].")
            }
            let tail = host[host.index(after: close)...]
            host = host[...close]
            if !tail.isEmpty {
                guard tail.hasPrefix(":") else {
                    throw fail("something follows the IPv6 address.", "Write [ADDRESS]:PORT.")
                }
                portText = tail.dropFirst()
            }
            let inside = host.dropFirst().dropLast()
            guard !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                throw fail("the IPv6 address is not valid.", "Write it as [ADDRESS], e.g. [::1].")
            }
        } else {
            if let colon = host.lastIndex(of: ":") {
                portText = host[host.index(after: colon)...]
                host = host[..<colon]
            }
            let allowed = host.utf8.allSatisfy {
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            }
            guard !host.isEmpty, allowed, !host.hasPrefix("."), !host.contains("..") else {
                throw fail("the host name is not valid.", "Write it as https://HOST[:PORT].")
            }
        }
        var port: Int?
        if let portText {
            guard let number = Int(portText), portText.utf8.allSatisfy({ (48...57).contains($0) }),
                (1...65535).contains(number)
            else { throw fail("the port is not a number from 1 to 65535.", "Write it as https://HOST:PORT.") }
            port = number == (scheme == "https" ? 443 : 80) ? nil : number
        }
        if scheme == "http", !allowHTTP, !Self.isLoopback(String(host)) {
            throw fail(
                "a plain http:// endpoint sends your files and signed requests unencrypted.",
                "Use https://, or pass --allow-http if this network is yours (http:// is allowed without it for "
                    + "localhost, 127.0.0.0/8 and [::1]).")
        }
        try Self.checkRegion(region)
        self.init(scheme: scheme, host: String(host), port: port, region: region, isAWS: false)
    }

    /// `localhost`, an address in `127.0.0.0/8`, or `[::1]`.
    package static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "[::1]" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        let numbers = parts.compactMap { part -> Int? in
            guard (1...3).contains(part.count), part.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
            return Int(part)
        }
        return numbers.count == 4 && numbers[0] == 127 && numbers.allSatisfy { $0 <= 255 }
    }

    private static func checkRegion(_ region: String) throws(S3LocationError) {
        let fine = region.utf8.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "-")
        }
        guard !region.isEmpty, fine else {
            throw S3LocationError(
                given: region, problem: "is not a region name.",
                fix: "Give one such as us-east-1 (or auto for Cloudflare R2) with --region or AWS_REGION.")
        }
    }

    /// Where `key` of `bucket` lives; the empty key is the bucket itself (for ListObjectsV2, DeleteObjects).
    /// A bucket name with dots is addressed path style on AWS too: its virtual host would not match AWS's
    /// TLS certificate.
    package func address(bucket: String, key: String = "") -> S3Address {
        let hostWithPort = port.map { "\(host):\($0)" } ?? host
        if isAWS && !bucket.contains(".") {
            return S3Address(scheme: scheme, host: "\(bucket).\(hostWithPort)", path: "/" + key)
        }
        return S3Address(scheme: scheme, host: hostWithPort, path: "/\(bucket)" + (key.isEmpty ? "" : "/" + key))
    }
}

/// A request's destination: the scheme, the `Host` header and the decoded path.
package struct S3Address: Sendable, Equatable {
    package let scheme: String
    /// The `Host` header: host, and `:port` when not the default.
    package let host: String
    /// The path, decoded: `/bucket/photos/a b.jpg`.
    package let path: String

    /// What to sign and send to this address.
    package func request(method: String, query: [QueryItem] = [], headers: [HTTPHeader] = []) -> SigV4Request {
        SigV4Request(method: method, host: host, path: path, query: query, headers: headers)
    }

    /// The URL to send `request` to: its path and query encoded exactly as they are signed.
    package func url(of request: SigV4Request) -> String {
        "\(scheme)://\(host)\(request.target)"
    }
}
