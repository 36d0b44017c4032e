import ScrolleryCore
/// Makes the plan by merging two key-ordered streams, the output folder's files and the bucket's objects
/// (a listing, awaited page by page, or a manifest), in one pass: nothing but the current entry of each is
/// held. Each stream must be strictly ascending in UTF-8 byte order, as S3 lists keys; the merge checks
/// that as it goes and throws at the first entry out of order. The rules of each step are `MergeRules`'.
package enum PublishPlanner {
    /// One step of the merge, in key order.
    package enum Decision: Sendable, Equatable {
        case upload(PlannedUpload)
        case unchanged(LocalFile)
        case delete(PlannedDelete)
        /// A listed key under the prefix that is not ours to touch (see `ManagedKeys`), with the reason.
        case skip(key: String, reason: String)
    }

    /// Merges `local` (paths under the prefix) with `remote` (full keys) and hands each decision to `handle`
    /// in key order. Bookkeeping (`.scrollery…`) is neither uploaded nor deleted; listed keys outside the
    /// prefix are passed over; other keys that are not plain paths are `skip`ped, never deleted.
    package static func merge(
        local: some Sequence<LocalFile>, remote: some Sequence<RemoteObject>, prefix: String,
        _ handle: (Decision) throws -> Void
    ) throws {
        var rules = MergeRules(prefix: prefix)
        var files = local.makeIterator()
        var objects = remote.makeIterator()
        func nextFile() throws -> LocalFile? {
            while let file = files.next() {
                if let admitted = try rules.admit(file) { return admitted }
            }
            return nil
        }
        func nextObject() throws -> MergeRules.Listed? {
            while let object = objects.next() {
                switch try rules.admit(object) {
                case .merge(let listed): return listed
                case .decide(let decision): try handle(decision)
                case .pass: continue
                }
            }
            return nil
        }
        var file = try nextFile()
        var object = try nextObject()
        while let step = MergeRules.step(file: file, object: object) {
            try handle(step.decision)
            if step.takesFile { file = try nextFile() }
            if step.takesObject { object = try nextObject() }
        }
    }

    /// The same merge with the bucket's side awaited: the next object is asked of `remote` only when the
    /// merge has used up the one before, so a listing is read a page at a time as the merge goes.
    package static func merge<Failure: Error>(
        local: some Sequence<LocalFile>, remote: some AsyncSequence<RemoteObject, Failure>, prefix: String,
        isolation: isolated (any Actor)? = #isolation, _ handle: (Decision) throws -> Void
    ) async throws {
        var rules = MergeRules(prefix: prefix)
        var files = local.makeIterator()
        var objects = remote.makeAsyncIterator()
        func nextFile() throws -> LocalFile? {
            while let file = files.next() {
                if let admitted = try rules.admit(file) { return admitted }
            }
            return nil
        }
        func nextObject() async throws -> MergeRules.Listed? {
            while let object = try await objects.next(isolation: isolation) {
                switch try rules.admit(object) {
                case .merge(let listed): return listed
                case .decide(let decision): try handle(decision)
                case .pass: continue
                }
            }
            return nil
        }
        var file = try nextFile()
        var object = try await nextObject()
        while let step = MergeRules.step(file: file, object: object) {
            try handle(step.decision)
            if step.takesFile { file = try nextFile() }
            if step.takesObject { object = try await nextObject() }
        }
    }

    /// The whole plan: uploads and deletes collected, unchanged files counted.
    package static func plan(
        local: some Sequence<LocalFile>, remote: some Sequence<RemoteObject>, prefix: String
    ) throws -> PublishPlan {
        var plan = PublishPlan()
        try merge(local: local, remote: remote, prefix: prefix) { plan.add($0) }
        return plan
    }

    /// Whether the object holds the file's bytes: same size, and the same MD5, read from the ETag of a
    /// single-part upload (32 hex digits), else from the `md5` metadata; with neither, it counts as changed.
    package static func isUnchanged(_ file: LocalFile, _ object: RemoteObject) -> Bool {
        guard file.size == object.size else { return false }
        // Sent with other headers (a `deploy.headers` rule or a default type changed): sent again, to set them.
        let recorded = object.sentByFirstVersion ? file.firstVersionHeaders : object.headers
        if let recorded, !file.headers.isEmpty, recorded != file.headers { return false }
        let md5 = file.md5.lowercased()
        let etag = object.etag.lowercased()
        if Hex.isDigits(etag, count: 32) { return etag == md5 }
        if let metadata = object.md5Metadata?.lowercased(), Hex.isDigits(metadata, count: 32) {
            return metadata == md5
        }
        return false
    }
}
