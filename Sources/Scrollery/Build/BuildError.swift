public import ScrolleryCore
/// A build, or a step of a split build, that did not finish: what went wrong, why in a form code can switch
/// on, the error it came from, and the assurance that the previous site is untouched.
public struct BuildError: ScrolleryError, Sendable {
    /// Why the run stopped.
    public enum Kind: Sendable, Equatable {
        /// It was cancelled (Ctrl-C, or its task was).
        case cancelled
        /// `--strict` refused what it would have published.
        case strict(Refusal.Counts)
        /// It could not start: a picture library or store it needs cannot be used, or a step has nothing to do.
        case setup
        /// Something it read or wrote failed: the config, the theme, the source, the cache or output folder.
        case failed
    }

    /// What `--strict` refused, and the sentence that says so.
    public struct Refusal: ScrolleryError, Sendable {
        /// The failures counted that made the refusal; the others are 0.
        public struct Counts: Sendable, Equatable {
            public var detailsFailed = 0
            public var picturesMissing = 0
            public var picturesFailed = 0

            public init(detailsFailed: Int = 0, picturesMissing: Int = 0, picturesFailed: Int = 0) {
                self.detailsFailed = detailsFailed
                self.picturesMissing = picturesMissing
                self.picturesFailed = picturesFailed
            }
        }

        public let counts: Counts
        public let message: String

        public var problem: String { message }
        public var description: String { message }
    }

    public let kind: Kind
    /// What failed, where, and what to do.
    public let message: String
    /// The error the run stopped on, when it was one of another layer (a config, source or output error).
    public let underlying: (any Error)?
    /// The output folder, which still holds the previous build, if there was one.
    public let outputPath: String
    /// Whether the output folder held a build of Scrollery's when this one failed.
    public let hadPreviousBuild: Bool

    /// - Parameters:
    ///   - kind: why the run stopped.
    ///   - message: what failed, where, and what to do.
    ///   - underlying: the error the run stopped on, if any.
    ///   - outputPath: the output folder.
    ///   - hadPreviousBuild: whether it held a build of Scrollery's, which is left as it was.
    public init(
        _ kind: Kind = .failed, message: String, underlying: (any Error)? = nil, outputPath: String,
        hadPreviousBuild: Bool = true
    ) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
        self.outputPath = outputPath
        self.hadPreviousBuild = hadPreviousBuild
    }

    public var description: String {
        hadPreviousBuild
            ? "\(message)\nNothing was published: \(outputPath) still holds the previous build."
            : "\(message)\nNothing was published to \(outputPath)."
    }
}

extension BuildError {
    /// The output folder, which the failed run left as it was.
    public var place: String { outputPath }
    public var problem: String { message }
}
