/// Where a site is published: a bucket and the key prefix under it, from `s3://BUCKET[/PREFIX]`. The prefix
/// is empty or ends with `/`, so deploying to `s3://b/gallery` never touches `gallery-old/…` or `galleryx`.
package struct S3Location: Sendable, Equatable, CustomStringConvertible {
    package let bucket: String
    /// Empty, or segments joined by `/` with a `/` at the end: `gallery/`, `sites/2026/`.
    package let prefix: String

    package var description: String { "s3://\(bucket)/\(prefix)" }

    /// The bucket's key for a file's path under the output folder.
    package func key(for relativePath: String) -> String { prefix + relativePath }

    /// Reads `s3://BUCKET[/PREFIX]`; throws when the bucket name is one S3 forbids, or the prefix has an
    /// empty, `.` or `..` segment or a control character.
    package init(parsing text: String) throws(S3LocationError) {
        func fail(_ problem: String, _ fix: String) -> S3LocationError {
            S3LocationError(given: text, problem: problem, fix: fix)
        }
        let scheme = "s3://"
        guard text.utf8.count > scheme.utf8.count, text.lowercased().hasPrefix(scheme) else {
            throw fail(
                "not an S3 location.", "Write it as s3://BUCKET or s3://BUCKET/PREFIX, e.g. s3://my-gallery/photos.")
        }
        let rest = text.dropFirst(scheme.count)
        let bucket = String(rest.prefix { $0 != "/" })
        var prefix = String(rest.dropFirst(bucket.count).dropFirst())
        if let problem = Self.bucketProblem(bucket) {
            throw fail(
                "the bucket name \"\(bucket)\" \(problem).",
                "Use the bucket's name as S3 shows it: 3 to 63 lowercase letters, digits, dots and hyphens.")
        }
        if !prefix.isEmpty && !prefix.hasSuffix("/") { prefix += "/" }
        if !prefix.isEmpty {
            let segments = prefix.dropLast().split(separator: "/", omittingEmptySubsequences: false)
            if segments.contains(where: \.isEmpty) {
                throw fail("the prefix has an empty segment (a doubled or leading /).", "Write it without \"//\".")
            }
            if segments.contains(where: { $0 == "." || $0 == ".." }) {
                throw fail("the prefix has a \".\" or \"..\" segment.", "Name the folder in the bucket directly.")
            }
            if prefix.unicodeScalars.contains(where: S3Key.isControl) {
                throw fail("the prefix has a control character.", "Use printable characters only.")
            }
            if prefix.utf8.count > 900 {
                throw fail(
                    "the prefix is longer than 900 bytes.", "S3 keys are at most 1,024 bytes; use a shorter one.")
            }
        }
        self.bucket = bucket
        self.prefix = prefix
    }

    /// Why S3 would refuse `name` as a bucket name (general purpose buckets), or nil when it is fine.
    static func bucketProblem(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        if bytes.isEmpty { return "is empty" }
        if bytes.count < 3 || bytes.count > 63 { return "is not 3 to 63 characters long" }
        func isLetterOrDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        guard bytes.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }) else {
            return "has a character other than lowercase letters, digits, dots and hyphens"
        }
        guard let first = bytes.first, let last = bytes.last, isLetterOrDigit(first), isLetterOrDigit(last) else {
            return "does not start and end with a letter or a digit"
        }
        if name.contains("..") { return "has two dots in a row" }
        if name.contains(".-") || name.contains("-.") { return "has a dot next to a hyphen" }
        let parts = name.split(separator: ".")
        if parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }) {
            return "is formatted as an IP address"
        }
        for reserved in ["xn--", "sthree-", "amzn-s3-demo-"] where name.hasPrefix(reserved) {
            return "starts with the reserved \"\(reserved)\""
        }
        for reserved in ["-s3alias", "--ol-s3", ".mrap", "--x-s3", "--table-s3"] where name.hasSuffix(reserved) {
            return "ends with the reserved \"\(reserved)\""
        }
        return nil
    }
}
