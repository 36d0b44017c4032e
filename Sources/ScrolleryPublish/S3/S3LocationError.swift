import ScrolleryCore
/// A deploy target or endpoint that cannot be used, with what to do about it.
package struct S3LocationError: ScrolleryError, Sendable, Equatable {
    /// What was given.
    package let given: String
    /// What is wrong.
    package let problem: String
    /// What to do about it.
    package let fix: String

    package var description: String { "\(given): \(problem) \(fix)" }
}

extension S3LocationError {
    /// What was given.
    package var place: String { given }
}
