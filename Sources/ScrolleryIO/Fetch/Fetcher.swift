public import Foundation
public import ScrolleryCore

/// Fetches the bytes at a location: an http(s) URL, a `file://` URL, or a path relative to the site folder.
public protocol Fetcher: Sendable {
    /// Fetches one document.
    /// - Parameter request: the location and the headers to send.
    /// - Returns: the response.
    /// - Throws: `FetchError`.
    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse
}

/// One request: where, and which headers (already resolved from the environment).
public struct FetchRequest: Sendable, Equatable {
    /// The rendered URL or local path.
    public var location: String
    /// Extra request headers, in config order.
    public var headers: [HTTPHeader]
    /// What the body must be.
    public var content: FetchedContent

    /// - Parameters:
    ///   - location: the rendered URL or local path.
    ///   - headers: extra request headers.
    ///   - content: what the body must be: a JSON document unless told otherwise.
    public init(_ location: String, headers: [HTTPHeader] = [], content: FetchedContent = .json) {
        self.location = location
        self.headers = headers
        self.content = content
    }
}

/// What a request is for: it sets the `Accept` header, the largest body accepted, and what the cache keeps.
public enum FetchedContent: Sendable, Equatable {
    /// A JSON document, at most `fetch.maxBodySize` bytes.
    case json
    /// An image, at most `maxBytes` bytes (`images.maxBytes`).
    case image(maxBytes: Int)

    /// The `Accept` header sent.
    package var accept: String {
        switch self {
        case .json: "application/json"
        case .image: "image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8"
        }
    }

    /// The largest body accepted, given the fetch settings' limit for JSON.
    package func limit(json: Int) -> Int {
        switch self {
        case .json: json
        case .image(let maxBytes): maxBytes
        }
    }

    /// The config key that sets the limit, for errors.
    package var limitName: String {
        switch self {
        case .json: "fetch.maxBodySize"
        case .image: "images.maxBytes"
        }
    }
}

/// What a fetch returned.
public struct FetchResponse: Sendable {
    /// The body, whole.
    public var body: Data
    /// The HTTP status (200 for a local file).
    public var status: Int
    /// Response headers by lowercased name (repeated headers joined with `, `).
    public var headers: [String: String]
    /// The final location, after redirects.
    public var location: String
    /// The body parsed as JSON, when a stage before the consumer had to parse it anyway (the cache, to
    /// decide whether the response is worth keeping): the consumer uses it instead of parsing again.
    package var parsedJSON: JSONValue?

    /// - Parameters:
    ///   - body: the body.
    ///   - status: the HTTP status.
    ///   - headers: the response headers by lowercased name.
    ///   - location: the final location.
    public init(body: Data, status: Int = 200, headers: [String: String] = [:], location: String) {
        self.body = body
        self.status = status
        self.headers = headers
        self.location = location
    }
}

/// Why a fetch failed, with the location it was for (secrets already redacted).
public struct FetchError: ScrolleryError, Sendable {
    /// What kind of failure.
    public enum Kind: Sendable, Equatable {
        /// There is nothing at the location (a missing file, a 404).
        case notFound
        /// The location could not be read.
        case unreadable
        /// The location names a scheme this build cannot fetch.
        case unsupported
        /// The server answered with this status (after any retries).
        case status(Int)
        /// The request took longer than `fetch.timeout`.
        case timeout
        /// The body is larger than `fetch.maxBodySize`.
        case tooLarge
        /// The rate limit is exhausted and resets later than `fetch.maxWait`.
        case rateLimited
        /// The connection failed.
        case connection
        /// The host is down for this build: its name does not resolve, its certificate does not verify, or
        /// too many attempts in a row failed (`HostHealth`). Its later requests are not made.
        case hostDown
        /// Only the cache may be used, and it has nothing for this location.
        case offline
        /// The build was cancelled.
        case cancelled
    }

    /// What kind of failure.
    public let kind: Kind
    /// The location as rendered, secrets redacted.
    public let location: String
    /// What happened, in words.
    public let reason: String

    /// - Parameters:
    ///   - kind: what kind of failure.
    ///   - location: the location, secrets redacted.
    ///   - reason: what happened.
    public init(_ kind: Kind, location: String, reason: String) {
        self.kind = kind
        self.location = location
        self.reason = reason
    }

    public var description: String { "\(location): \(reason)" }
}

extension FetchError {
    /// The location fetched.
    public var place: String { location }
    public var problem: String { reason }
}
