/// What went wrong with one thing a build does (a request, an item's details, a picture), as a value from
/// where it happened to where it is shown: a kind that code decides on, where, the words shown, what to do,
/// and the error it came from.
public struct Failure: ScrolleryError, Sendable {
    /// What kind of failure: what code switches on, never the words.
    public enum Kind: Sendable, Hashable {
        /// Not attempted: the host was found down earlier in the build (`HostHealth`).
        case hostDown
        /// The connection failed.
        case connection
        /// It took longer than its time limit.
        case timedOut
        /// The rate limit was exhausted and resets later than the build waits.
        case rateLimited
        /// There is nothing at the location (a missing file, a 404).
        case notFound
        /// The server answered with another status that is not a success.
        case status(Int)
        /// The location could not be read.
        case unreadable
        /// The location names a scheme this build cannot fetch.
        case unsupported
        /// The body was larger than its limit.
        case tooLarge
        /// Only the cache could be used, and it had nothing for the location.
        case offline
        /// The build was cancelled first.
        case cancelled
        /// What came back is not what was asked for: not JSON, JSON that does not parse, an SVG for a picture.
        case invalidData
        /// A template over the item could not be rendered (a limit of the renderer, a location not made).
        case invalidTemplate
        /// The bytes are not an image in a format Scrollery reads.
        case notAnImage
        /// The image claims more pixels than `images.maxPixels`.
        case tooManyPixels
        /// The image could not be decoded.
        case undecodable
        /// A variant could not be encoded.
        case unencodable
        /// What was made could not be stored.
        case notKept
    }

    /// What kind of failure.
    public let kind: Kind
    /// Where: the location it concerns (URL or path, secrets redacted), or the empty string.
    public let location: String
    /// What happened, as one line for the log, the summary and the card.
    public let message: String
    /// The error it came from, when there was one.
    public let underlying: (any Error & Sendable)?

    /// - Parameters:
    ///   - kind: what kind of failure.
    ///   - location: where, secrets redacted.
    ///   - message: what happened, as shown.
    ///   - underlying: the error it came from.
    public init(_ kind: Kind, location: String = "", message: String, underlying: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.location = location
        self.message = message
        self.underlying = underlying
    }

    /// The same failure with other words (a prefix that says what failed, control characters taken out).
    public func with(message: String) -> Failure {
        Failure(kind, location: location, message: message, underlying: underlying)
    }

    public var description: String { message }
}

extension Failure: Equatable {
    /// Two failures are equal when their kind, location and words are: the underlying error is not compared.
    public static func == (one: Failure, other: Failure) -> Bool {
        one.kind == other.kind && one.location == other.location && one.message == other.message
    }
}

extension Failure {
    /// The location it concerns.
    public var place: String { location }
    public var problem: String { message }
}
