import ScrolleryCore
/// A previous deploy's manifest (`DeployManifest`), checked whole before it is used, read as a stream of the
/// objects it records, in key order: its bytes are held, and each object is made only when it is reached.
package struct ManifestEntries: Sequence, Sendable {
    /// The manifest's bytes, as read from the bucket.
    package let bytes: [UInt8]
    /// The prefix its paths are under: an object's key is the prefix and the path.
    package let prefix: String
    /// How many files it records.
    package let count: Int
    /// Where its first line starts, after the header.
    let start: Int
    /// Whether its lines may end in a tab and the digest of the headers (version 2).
    let recordsHeaders: Bool

    /// Checks `bytes` in one pass that allocates nothing per line; nil when they are not a manifest this
    /// version wrote whole (then the bucket is listed instead): the header, then lines `MD5 SIZE PATH`,
    /// each ending in a newline, of 32 hex digits, a size of 1 to 19 digits that fits an `Int64`, and a
    /// path of valid UTF-8 without control characters, the paths strictly ascending in UTF-8 byte order;
    /// in version 2, a path may be followed by a tab and 16 hex digits, the digest of the headers.
    package init?(validating bytes: [UInt8], prefix: String) {
        let recordsHeaders: Bool
        let first: Int
        if bytes.starts(with: DeployManifest.header.utf8) {
            (recordsHeaders, first) = (true, DeployManifest.header.utf8.count)
        } else if bytes.starts(with: DeployManifest.firstHeader.utf8) {
            (recordsHeaders, first) = (false, DeployManifest.firstHeader.utf8.count)
        } else {
            return nil
        }
        guard bytes.last == Self.newline else { return nil }
        var count = 0
        var start = first
        var previousPath: Range<Int>?
        while start < bytes.count {
            guard let end = bytes[start...].firstIndex(of: Self.newline),
                let fields = Self.fields(of: bytes, line: start..<end, recordsHeaders: recordsHeaders),
                Self.isMD5(bytes[fields.md5]), Self.size(bytes[fields.size]) != nil,
                Self.isPlainPath(bytes[fields.path])
            else { return nil }
            if let previous = previousPath, !bytes[previous].lexicographicallyPrecedes(bytes[fields.path]) {
                return nil
            }
            previousPath = fields.path
            count += 1
            start = end + 1
        }
        self.bytes = bytes
        self.prefix = prefix
        self.count = count
        self.start = first
        self.recordsHeaders = recordsHeaders
    }

    package func makeIterator() -> Iterator {
        Iterator(entries: self, offset: start)
    }

    /// The objects of a checked manifest, one line at a time.
    package struct Iterator: IteratorProtocol {
        let entries: ManifestEntries
        var offset: Int

        package mutating func next() -> RemoteObject? {
            let bytes = entries.bytes
            guard offset < bytes.count, let end = bytes[offset...].firstIndex(of: ManifestEntries.newline),
                let fields = ManifestEntries.fields(
                    of: bytes, line: offset..<end, recordsHeaders: entries.recordsHeaders),
                let size = ManifestEntries.size(bytes[fields.size])
            else { return nil }
            offset = end + 1
            let md5 = String(decoding: bytes[fields.md5], as: UTF8.self)
            let path = String(decoding: bytes[fields.path], as: UTF8.self)
            let headers = fields.headers.map { String(decoding: bytes[$0], as: UTF8.self) }
            return RemoteObject(
                key: entries.prefix + path, size: size, etag: md5, md5Metadata: md5, headers: headers,
                sentByFirstVersion: !entries.recordsHeaders)
        }
    }

    static let newline = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")

    /// Where the MD5, the size, the path and the headers' digest of the line at `line` (without its
    /// newline) are: the text before the first space, between it and the second, after the second (which
    /// may hold spaces), and, in version 2, after a tab at the end: 16 hex digits (nil without a tab).
    static func fields(
        of bytes: [UInt8], line: Range<Int>, recordsHeaders: Bool
    ) -> (md5: Range<Int>, size: Range<Int>, path: Range<Int>, headers: Range<Int>?)? {
        guard let first = bytes[line].firstIndex(of: space),
            let second = bytes[(first + 1)..<line.upperBound].firstIndex(of: space)
        else { return nil }
        var pathEnd = line.upperBound
        var headers: Range<Int>?
        if recordsHeaders, let tab = bytes[(second + 1)..<line.upperBound].lastIndex(of: tab) {
            let digest = (tab + 1)..<line.upperBound
            guard digest.count == 16, bytes[digest].allSatisfy(Hex.isDigit) else { return nil }
            headers = digest
            pathEnd = tab
        }
        return (line.lowerBound..<first, (first + 1)..<second, (second + 1)..<pathEnd, headers)
    }

    static func isMD5(_ field: ArraySlice<UInt8>) -> Bool {
        field.count == 32 && field.allSatisfy(Hex.isDigit)
    }

    /// The size written in decimal digits, or nil when the field is empty, longer than 19 digits, holds
    /// anything else or does not fit an `Int64`.
    static func size(_ field: ArraySlice<UInt8>) -> Int64? {
        guard (1...19).contains(field.count) else { return nil }
        var value: Int64 = 0
        for byte in field {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (tens, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) = tens.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflowed, !overflowedAgain else { return nil }
            value = sum
        }
        return value
    }

    /// Whether the field is a non-empty path of valid UTF-8 without control characters.
    static func isPlainPath(_ field: ArraySlice<UInt8>) -> Bool {
        guard !field.isEmpty else { return false }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = field.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if S3Key.isControl(Unicode.UTF8.decode(encoded)) { return false }
            case .emptyInput:
                return true
            case .error:
                return false
            }
        }
    }
}
