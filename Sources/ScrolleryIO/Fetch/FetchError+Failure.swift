public import ScrolleryCore

extension FetchError {
    /// This failure in the one shape the build carries: its kind, its location, and `location: reason`.
    public var failure: Failure {
        Failure(kind.failureKind, location: location, message: description, underlying: self)
    }
}

extension FetchError.Kind {
    /// The kind of failure this is, as the build's items, pictures and events carry it.
    public var failureKind: Failure.Kind {
        switch self {
        case .notFound: .notFound
        case .unreadable: .unreadable
        case .unsupported: .unsupported
        case .status(let code): .status(code)
        case .timeout: .timedOut
        case .tooLarge: .tooLarge
        case .rateLimited: .rateLimited
        case .connection: .connection
        case .hostDown: .hostDown
        case .offline: .offline
        case .cancelled: .cancelled
        }
    }
}
