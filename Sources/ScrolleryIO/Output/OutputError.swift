/// A file or folder of the output that could not be written.
package struct OutputError: Error, Sendable, CustomStringConvertible {
    package init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    package let path: String
    package let problem: String
    package var description: String { "\(path) \(problem)" }
}
