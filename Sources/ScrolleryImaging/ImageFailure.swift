public import ScrolleryCore

/// Why a picture could not be made: it costs its own card its picture, never the build.
public struct ImageFailure: ScrolleryError, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The bytes are not an image in a format Scrollery reads.
        case notAnImage
        /// The header claims more pixels than `images.maxPixels`.
        case tooManyPixels
        /// The image could not be decoded (truncated or corrupt data).
        case undecodable
        /// A variant could not be encoded.
        case unencodable
    }

    public let kind: Kind
    /// What happened, in words, for the build's log and summary.
    public let reason: String

    public init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var description: String { reason }
}

extension ImageFailure {
    /// This failure in the one shape the build carries, for the picture at `location`, shown as
    /// `location: reason`.
    public func failure(at location: String) -> Failure {
        let kind: Failure.Kind =
            switch self.kind {
            case .notAnImage: .notAnImage
            case .tooManyPixels: .tooManyPixels
            case .undecodable: .undecodable
            case .unencodable: .unencodable
            }
        return Failure(kind, location: location, message: "\(location): \(reason)", underlying: self)
    }
}

extension ImageFailure {
    public var problem: String { reason }
}
