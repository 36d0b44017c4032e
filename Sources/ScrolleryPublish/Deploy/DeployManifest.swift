/// The deploy's record of what it left under the prefix, kept in the bucket as `PREFIX.scrollery-deploy`:
/// a line per file, `MD5 SIZE PATH`, then a tab and the digest of the headers it was sent with
/// (`UploadHeaders.digest`), in key order. The next deploy reads this one object instead of listing the
/// bucket (one request instead of one per 1,000 keys), and sends again a file whose headers changed. The
/// deploy removes the old record before its first write and writes this one after everything else, so a
/// deploy cut short leaves none, and the next one lists the bucket. What it cannot see is a change made
/// to the bucket by hand; `--verify` lists the bucket instead. `ManifestEntries` reads one back, and
/// reads version 1 (no headers) too.
package struct DeployManifest: Sendable, Equatable {
    /// The object's name under the prefix (bookkeeping, so never planned as a file of the site).
    package static let name = ".scrollery-deploy"
    static let header = "scrollery-deploy 2\n"
    /// The first version's header: lines without the headers' digest.
    static let firstHeader = "scrollery-deploy 1\n"

    /// The record's bytes so far.
    package private(set) var bytes: [UInt8] = Array(header.utf8)

    package init() {}

    /// Records a file of the site, in key order.
    package mutating func add(_ file: LocalFile) {
        let headers = file.headers.isEmpty ? "" : "\t" + file.headers
        bytes.append(contentsOf: "\(file.md5.lowercased()) \(file.size) \(file.path)\(headers)\n".utf8)
    }
}
