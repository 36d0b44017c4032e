/// What a deploy did, and its one-line account:
/// `Deployed to s3://b/p: 12 uploaded (3.4 MB), 2 deleted, 4,108 unchanged, 0.9 s.`
package struct DeploySummary: Sendable, Equatable, CustomStringConvertible {
    package let location: S3Location
    package let uploaded: Int
    package let uploadedBytes: Int64
    package let deleted: Int
    package let unchanged: Int
    package let elapsed: Duration

    package init(
        location: S3Location, uploaded: Int, uploadedBytes: Int64, deleted: Int, unchanged: Int, elapsed: Duration
    ) {
        self.location = location
        self.uploaded = uploaded
        self.uploadedBytes = uploadedBytes
        self.deleted = deleted
        self.unchanged = unchanged
        self.elapsed = elapsed
    }

    package var description: String {
        let seconds = Double(elapsed / .milliseconds(1)) / 1000
        return "Deployed to \(Self.shown(location)): \(Self.count(uploaded)) uploaded (\(Self.bytes(uploadedBytes))), "
            + "\(Self.count(deleted)) deleted, \(Self.count(unchanged)) unchanged, \(Self.decimal(seconds)) s."
    }

    /// `s3://bucket/prefix`, without the prefix's closing `/`.
    package static func shown(_ location: S3Location) -> String {
        "s3://\(location.bucket)" + (location.prefix.isEmpty ? "" : "/" + location.prefix.dropLast())
    }

    /// `4,108`.
    package static func count(_ value: some BinaryInteger) -> String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }

    /// `512 B`, `3.4 KB`, `3.4 MB`, `1.2 GB` (units of 1,024).
    package static func bytes(_ value: Int64) -> String {
        if value < 1024 { return "\(value) B" }
        var amount = Double(value) / 1024
        for unit in ["KB", "MB", "GB"] {
            if amount < 1024 || unit == "GB" { return "\(decimal(amount)) \(unit)" }
            amount /= 1024
        }
        return "\(value) B"
    }

    /// One decimal: `0.9`, `12.0`.
    static func decimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
