/// The deploy's record of what it left under the prefix, kept in the bucket as `PREFIX.scrollery-deploy`:
/// a line per file, `MD5 SIZE PATH`, in key order. The next deploy reads this one object instead of
/// listing the bucket (one request instead of one per 1,000 keys). It is written after everything else,
/// so a deploy cut short leaves the previous record, which still plans right: what was uploaded since is
/// uploaded again, what was deleted is deleted again. What it cannot see is a change made to the bucket
/// by hand; `--verify` lists the bucket instead.
package struct DeployManifest: Sendable, Equatable {
    /// The object's name under the prefix (bookkeeping, so never planned as a file of the site).
    package static let name = ".scrollery-deploy"
    static let header = "scrollery-deploy 1\n"

    /// The record's bytes so far.
    package private(set) var bytes: [UInt8] = Array(header.utf8)

    package init() {}

    /// Records a file of the site, in key order.
    package mutating func add(_ file: LocalFile) {
        bytes.append(contentsOf: "\(file.md5.lowercased()) \(file.size) \(file.path)\n".utf8)
    }

    /// The objects a record lists, with their full keys under `prefix`, or `nil` when the bytes are not a
    /// record this version wrote whole (then the bucket is listed instead).
    package static func objects(in bytes: [UInt8], prefix: String) -> [RemoteObject]? {
        let head = Array(header.utf8)
        guard bytes.starts(with: head), bytes.last == UInt8(ascii: "\n") else { return nil }
        var objects: [RemoteObject] = []
        for line in bytes[head.count...].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .dropLast()
        {
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { return nil }
            let md5 = String(decoding: fields[0], as: UTF8.self)
            let path = String(decoding: fields[2], as: UTF8.self)
            guard Hex.isDigits(md5, count: 32), fields[1].count <= 19,
                fields[1].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let size = Int64(String(decoding: fields[1], as: UTF8.self)), !path.isEmpty,
                !path.unicodeScalars.contains(where: S3Key.isControl), Array(path.utf8) == Array(fields[2])
            else { return nil }
            objects.append(RemoteObject(key: prefix + path, size: size, etag: md5, md5Metadata: md5))
        }
        return objects
    }
}
