import ScrolleryCore
/// The `--max-deletes` safety check, made before any write: a plan that deletes more objects than the limit
/// is refused as a whole, with the count and the flag that allows it.
package enum DeleteLimit {
    /// The limit when none is given.
    package static let defaultLimit = 256

    package static func check(deleteCount: Int, limit: Int = defaultLimit) throws(DeleteLimitError) {
        guard deleteCount > max(limit, 0) else { return }
        throw DeleteLimitError(deleteCount: deleteCount, limit: max(limit, 0))
    }
}

/// More deletes than the limit allows.
package struct DeleteLimitError: ScrolleryError, Sendable, Equatable {
    package let deleteCount: Int
    package let limit: Int

    package var description: String {
        "The deploy would delete \(deleteCount) objects, more than the limit of \(limit); nothing was written. "
            + "Check them with --dry-run, then pass --max-deletes \(deleteCount) to allow it."
    }
}

extension DeleteLimitError {
    package var problem: String { description }
}
