/// The slug of a group's value (`tag/<slug>/`): readable, as an item's is (`Reykjavík Harbour` →
/// `reykjavík-harbour`), and, for a value whose readable slug another value of the group shares, that slug
/// with `~` and 12 hex digits of the value's 64-bit FNV-1a hash: apart for any two values short of a
/// 48-bit collision, the same in every build.
package enum GroupSlug {
    /// The readable slug: what an item page links to, and the value's folder when no other value makes it.
    package static func readable(_ value: String) -> String { Slugger.base(for: value) }

    /// The slug of a value whose readable slug is shared: a readable slug never holds a `~`.
    package static func distinct(_ value: String) -> String {
        let hash = NameKey.of(value) >> 16
        let hex = String(hash, radix: 16)
        return readable(value) + "~" + String(repeating: "0", count: 12 - hex.count) + hex
    }
}
