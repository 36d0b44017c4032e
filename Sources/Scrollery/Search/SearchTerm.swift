/// A term's UTF-8 bytes: hashed and compared as bytes, without the Unicode normalization that every
/// look-up of a `String` key pays for. Ordered by bytes, which is the order of Unicode scalars.
struct SearchTerm: Hashable, Comparable, Sendable {
    let bytes: [UInt8]

    init(_ bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func < (one: SearchTerm, other: SearchTerm) -> Bool {
        one.bytes.lexicographicallyPrecedes(other.bytes)
    }
}
