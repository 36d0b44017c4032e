/// What holds for every object key: S3 orders keys by their UTF-8 bytes, and some characters make a key
/// unfit to be a file's name.
package enum S3Key {
    /// Whether `a` sorts before `b` as S3 lists keys: by UTF-8 bytes (a Swift String compares otherwise).
    package static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// C0 controls (tab and newline included), DEL and C1 controls.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
