/// A file of the output folder: its path (the key under the prefix), size and MD5 in lowercase hex, the
/// digest of the headers it is uploaded with (`UploadHeaders.digest`; empty when not known), and of those
/// the deploys that recorded no headers gave it (the same but for content types added since).
package struct LocalFile: Sendable, Equatable {
    package let path: String
    package let size: Int64
    package let md5: String
    package let headers: String
    package let firstVersionHeaders: String

    package init(path: String, size: Int64, md5: String, headers: String = "", firstVersionHeaders: String? = nil) {
        self.path = path
        self.size = size
        self.md5 = md5
        self.headers = headers
        self.firstVersionHeaders = firstVersionHeaders ?? headers
    }
}

/// An object of the bucket, as listed: its full key, size, ETag without quotes, the `md5` metadata
/// Scrollery writes with every object when it is known (a listing does not carry metadata), and the digest
/// of the headers it was uploaded with when the previous deploy's manifest records it (or, recorded by a
/// manifest of the first version, that they are those that version gave).
package struct RemoteObject: Sendable, Equatable {
    package let key: String
    package let size: Int64
    package let etag: String
    package let md5Metadata: String?
    package let headers: String?
    package let sentByFirstVersion: Bool

    package init(
        key: String, size: Int64, etag: String, md5Metadata: String? = nil, headers: String? = nil,
        sentByFirstVersion: Bool = false
    ) {
        self.key = key
        self.size = size
        self.etag = etag
        self.md5Metadata = md5Metadata
        self.headers = headers
        self.sentByFirstVersion = sentByFirstVersion
    }

    package init(_ listed: ListedObject) {
        self.init(key: listed.key, size: listed.size, etag: listed.etag)
    }
}

/// A file to upload, and why.
package struct PlannedUpload: Sendable, Equatable {
    package enum Reason: Sendable, Equatable {
        case new
        case changed
    }

    package let file: LocalFile
    package let reason: Reason
}

/// A key to delete: the full key, and the path under the prefix it stands for.
package struct PlannedDelete: Sendable, Equatable {
    package let key: String
    package let path: String
}

/// What a deploy does, complete before its first write: the uploads and deletes in key order, and how much
/// is left as it is.
package struct PublishPlan: Sendable, Equatable {
    package var uploads: [PlannedUpload] = []
    package var deletes: [PlannedDelete] = []
    package var unchangedCount = 0
    package var unchangedBytes: Int64 = 0
    /// Listed keys under the prefix that were left alone because they are not paths Scrollery writes.
    package var skipped: [(key: String, reason: String)] = []

    package init() {}

    package var uploadBytes: Int64 { uploads.reduce(0) { $0 + $1.file.size } }

    /// Takes one decision of the merge: an upload or a delete is kept, an unchanged file counted.
    package mutating func add(_ decision: PublishPlanner.Decision) {
        switch decision {
        case .upload(let upload): uploads.append(upload)
        case .delete(let delete): deletes.append(delete)
        case .unchanged(let file):
            unchangedCount += 1
            unchangedBytes += file.size
        case .skip(let key, let reason): skipped.append((key, reason))
        }
    }

    package static func == (a: PublishPlan, b: PublishPlan) -> Bool {
        a.uploads == b.uploads && a.deletes == b.deletes && a.unchangedCount == b.unchangedCount
            && a.unchangedBytes == b.unchangedBytes && a.skipped.elementsEqual(b.skipped) { $0 == $1 }
    }
}
