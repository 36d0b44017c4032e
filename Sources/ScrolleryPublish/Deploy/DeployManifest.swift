/// The deploy's record of what it left under the prefix, kept in the bucket as `PREFIX.scrollery-deploy`:
/// a line per file, `MD5 SIZE PATH`, in key order. The next deploy reads this one object instead of
/// listing the bucket (one request instead of one per 1,000 keys). It is written after everything else,
/// so a deploy cut short leaves the previous record, which still plans right: what was uploaded since is
/// uploaded again, what was deleted is deleted again. What it cannot see is a change made to the bucket
/// by hand; `--verify` lists the bucket instead. `ManifestEntries` reads one back.
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
}
