import ScrolleryCore

/// Makes the plan by merging two key-ordered streams, the output folder's files and the bucket's listing, in
/// one pass: nothing but the current entry of each is held, so a site of a million files plans in the same
/// memory as one of ten. Each stream must be strictly ascending in UTF-8 byte order, as S3 lists keys; the
/// merge checks that as it goes and throws at the first entry out of order.
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
        let managed = ManagedKeys(prefix: prefix)
        var localFiles = local.makeIterator()
        var remoteObjects = remote.makeIterator()
        var previousLocal: String?
        var previousRemote: String?

        func nextLocal() throws -> LocalFile? {
            while let file = localFiles.next() {
                if let previous = previousLocal, !S3Key.precedes(previous, file.path) {
                    throw PlanError.unsorted(.local, previous: previous, next: file.path)
                }
                previousLocal = file.path
                guard RelativePath.staysInside(file.path), !file.path.unicodeScalars.contains(where: S3Key.isControl)
                else {
                    throw PlanError(
                        problem:
                            "The output folder has a file whose path cannot be a key: \(file.path.debugDescription).",
                        fix: "Rename or remove it, and build again.")
                }
                if ManagedKeys.isBookkeeping(file.path) { continue }
                return file
            }
            return nil
        }

        func nextRemote() throws -> (object: RemoteObject, path: String)? {
            while let object = remoteObjects.next() {
                if let previous = previousRemote, !S3Key.precedes(previous, object.key) {
                    throw PlanError.unsorted(.remote, previous: previous, next: object.key)
                }
                previousRemote = object.key
                switch managed.verdict(on: object.key) {
                case .managed(let path): return (object, path)
                case .bookkeeping, .outsidePrefix: continue
                case .unsafe(let reason): try handle(.skip(key: object.key, reason: reason))
                }
            }
            return nil
        }

        var file = try nextLocal()
        var object = try nextRemote()
        while file != nil || object != nil {
            if let current = file, let listed = object, current.path.utf8.elementsEqual(listed.path.utf8) {
                try handle(
                    isUnchanged(current, listed.object)
                        ? .unchanged(current) : .upload(PlannedUpload(file: current, reason: .changed)))
                file = try nextLocal()
                object = try nextRemote()
            } else if let current = file, object.map({ S3Key.precedes(current.path, $0.path) }) ?? true {
                try handle(.upload(PlannedUpload(file: current, reason: .new)))
                file = try nextLocal()
            } else if let listed = object {
                try handle(.delete(PlannedDelete(key: listed.object.key, path: listed.path)))
                object = try nextRemote()
            }
        }
    }

    /// The whole plan: uploads and deletes collected, unchanged files counted.
    package static func plan(
        local: some Sequence<LocalFile>, remote: some Sequence<RemoteObject>, prefix: String
    ) throws -> PublishPlan {
        var plan = PublishPlan()
        try merge(local: local, remote: remote, prefix: prefix) { decision in
            switch decision {
            case .upload(let upload): plan.uploads.append(upload)
            case .delete(let delete): plan.deletes.append(delete)
            case .unchanged(let file):
                plan.unchangedCount += 1
                plan.unchangedBytes += file.size
            case .skip(let key, let reason): plan.skipped.append((key, reason))
            }
        }
        return plan
    }

    /// Whether the object holds the file's bytes: same size, and the same MD5, read from the ETag of a
    /// single-part upload (32 hex digits), else from the `md5` metadata; with neither, it counts as changed.
    package static func isUnchanged(_ file: LocalFile, _ object: RemoteObject) -> Bool {
        guard file.size == object.size else { return false }
        let md5 = file.md5.lowercased()
        let etag = object.etag.lowercased()
        if Hex.isDigits(etag, count: 32) { return etag == md5 }
        if let metadata = object.md5Metadata?.lowercased(), Hex.isDigits(metadata, count: 32) {
            return metadata == md5
        }
        return false
    }
}
