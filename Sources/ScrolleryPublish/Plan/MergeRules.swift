import ScrolleryCore

/// The rules of the plan's merge, apart from how its two inputs are read (one at once or awaited): each
/// entry is admitted (its order checked against the one before on its side, then judged), and each step
/// decides on the current file and object. `PublishPlanner` drives it.
struct MergeRules {
    /// A listed object the plan compares, with the path under the prefix it stands for.
    struct Listed {
        let object: RemoteObject
        let path: String
    }

    /// What to do with a listed object.
    enum Admission {
        /// Merge it with the files.
        case merge(Listed)
        /// Decide on it now, outside the merge (a key that is not ours to touch).
        case decide(PublishPlanner.Decision)
        /// Pass it over: bookkeeping, or outside the prefix.
        case pass
    }

    /// One step: its decision, and which inputs it has used up.
    struct Step {
        let decision: PublishPlanner.Decision
        let takesFile: Bool
        let takesObject: Bool
    }

    private let managed: ManagedKeys
    private var previousLocal: String?
    private var previousRemote: String?

    init(prefix: String) {
        managed = ManagedKeys(prefix: prefix)
    }

    /// The file as the merge takes it, or nil for bookkeeping (passed over). Throws when it does not come
    /// strictly after the file before, or when its path cannot be a key.
    mutating func admit(_ file: LocalFile) throws(PlanError) -> LocalFile? {
        if let previous = previousLocal, !S3Key.precedes(previous, file.path) {
            throw PlanError.unsorted(.local, previous: previous, next: file.path)
        }
        previousLocal = file.path
        guard RelativePath.staysInside(file.path), !file.path.unicodeScalars.contains(where: S3Key.isControl) else {
            throw PlanError(
                problem: "The output folder has a file whose path cannot be a key: \(file.path.debugDescription).",
                fix: "Rename or remove it, and build again.")
        }
        return ManagedKeys.isBookkeeping(file.path) ? nil : file
    }

    /// What to do with a listed object. Throws when it does not come strictly after the object before,
    /// whatever its key: a listing that reorders cannot be trusted.
    mutating func admit(_ object: RemoteObject) throws(PlanError) -> Admission {
        if let previous = previousRemote, !S3Key.precedes(previous, object.key) {
            throw PlanError.unsorted(.remote, previous: previous, next: object.key)
        }
        previousRemote = object.key
        switch managed.verdict(on: object.key) {
        case .managed(let path): return .merge(Listed(object: object, path: path))
        case .bookkeeping, .outsidePrefix: return .pass
        case .unsafe(let reason): return .decide(.skip(key: object.key, reason: reason))
        }
    }

    /// The step on the current file and object, the first of them in key order (both when they are the
    /// same path); nil when both inputs are done.
    static func step(file: LocalFile?, object: Listed?) -> Step? {
        if let file, let object, file.path.utf8.elementsEqual(object.path.utf8) {
            let decision: PublishPlanner.Decision =
                PublishPlanner.isUnchanged(file, object.object)
                ? .unchanged(file) : .upload(PlannedUpload(file: file, reason: .changed))
            return Step(decision: decision, takesFile: true, takesObject: true)
        }
        if let file, object.map({ S3Key.precedes(file.path, $0.path) }) ?? true {
            return Step(decision: .upload(PlannedUpload(file: file, reason: .new)), takesFile: true, takesObject: false)
        }
        if let object {
            return Step(
                decision: .delete(PlannedDelete(key: object.object.key, path: object.path)), takesFile: false,
                takesObject: true)
        }
        return nil
    }
}
