import ScrolleryCore
/// A file or folder of the output that could not be written.
package struct OutputError: ScrolleryError, Sendable {
    package init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    package let path: String
    package let problem: String
    package var description: String { "\(path) \(problem)" }
}

extension OutputError {
    package var place: String { path }
}
