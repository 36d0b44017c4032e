import ScrolleryCore
/// Why no plan could be made: an input out of order, or a local path that cannot be a key.
package struct PlanError: ScrolleryError, Sendable, Equatable {
    package let problem: String
    package let fix: String

    package var description: String { "\(problem) \(fix)" }

    static func unsorted(_ side: Side, previous: String, next: String) -> PlanError {
        let order = S3Key.precedes(next, previous) ? "came after" : "repeats"
        switch side {
        case .local:
            return PlanError(
                problem: "The output folder's files were not given in key order: \(next.debugDescription) "
                    + "\(order) \(previous.debugDescription).",
                fix: "This is a bug in Scrollery; please report it.")
        case .remote:
            return PlanError(
                problem: "The bucket listing is not in key order: \(next.debugDescription) \(order) "
                    + "\(previous.debugDescription).",
                fix: "S3 lists keys in UTF-8 byte order; check that the endpoint is an S3 API. Nothing was written.")
        }
    }

    enum Side {
        case local
        case remote
    }
}
