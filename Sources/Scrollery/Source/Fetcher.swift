public import Foundation

/// Fetches the bytes at a location: a URL or a path relative to the site folder.
public protocol Fetcher: Sendable {
    /// Fetches one document.
    /// - Parameter location: the rendered URL or local path.
    /// - Returns: the document's bytes.
    /// - Throws: `FetchError`.
    func fetch(_ location: String) async throws(FetchError) -> Data
}

/// Why a fetch failed, with the location it was for.
public struct FetchError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure.
    public enum Kind: Sendable, Equatable {
        /// There is nothing at the location (a missing file, a 404).
        case notFound
        /// The location could not be read.
        case unreadable
        /// The location names a scheme this build cannot fetch.
        case unsupported
    }

    /// What kind of failure.
    public let kind: Kind
    /// The location as rendered (never with secrets).
    public let location: String
    /// What happened, in words.
    public let reason: String

    /// - Parameters:
    ///   - kind: what kind of failure.
    ///   - location: the location as rendered.
    ///   - reason: what happened.
    public init(_ kind: Kind, location: String, reason: String) {
        self.kind = kind
        self.location = location
        self.reason = reason
    }

    public var description: String { "\(location): \(reason)" }
}
