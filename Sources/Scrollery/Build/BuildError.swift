/// A build that did not finish: what went wrong, and the assurance that the previous site is untouched.
public struct BuildError: Error, Sendable, CustomStringConvertible {
    /// What failed, where, and what to do.
    public let message: String
    /// The output folder, which still holds the previous build.
    public let outputPath: String

    public var description: String {
        "\(message)\nNothing was published: \(outputPath) still holds the previous build."
    }
}
