/// A build that did not finish: what went wrong, and the assurance that the previous site is untouched.
public struct BuildError: Error, Sendable, CustomStringConvertible {
    /// What failed, where, and what to do.
    public let message: String
    /// The output folder, which still holds the previous build, if there was one.
    public let outputPath: String
    /// Whether the output folder held a build of Scrollery's when this one failed.
    public let hadPreviousBuild: Bool

    /// - Parameters:
    ///   - message: what failed, where, and what to do.
    ///   - outputPath: the output folder.
    ///   - hadPreviousBuild: whether it held a build of Scrollery's, which is left as it was.
    public init(message: String, outputPath: String, hadPreviousBuild: Bool = true) {
        self.message = message
        self.outputPath = outputPath
        self.hadPreviousBuild = hadPreviousBuild
    }

    public var description: String {
        hadPreviousBuild
            ? "\(message)\nNothing was published: \(outputPath) still holds the previous build."
            : "\(message)\nNothing was published to \(outputPath)."
    }
}
