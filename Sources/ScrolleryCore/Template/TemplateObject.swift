/// The named values of a context object, in the order they were set.
///
/// A page's objects are small (a card has about ten names), so a name is found by going through them in
/// turn: cheaper than a hash table. Each name carries a 64-bit key (`NameKey`), so the walk compares
/// integers and compares text only where the keys agree; a card is built once and shared by the listing
/// page and the item's own page.
package struct TemplateObject: Sendable {
    private struct Entry: Sendable {
        let key: UInt64
        let name: String
        var value: TemplateValue
    }

    private var entries: [Entry] = []
    /// A bit for each name's key (`1 << (key % 64)`): a name whose bit is not set is not here, found without
    /// going through the names. Sections on names a card may not have, and names of an outer object looked
    /// up through an inner one, miss most of the time.
    private var keyBits: UInt64 = 0

    package init() {}

    /// The pairs in order; a later pair with the same name replaces the earlier one.
    ///
    /// Room is made for at least eight names: objects are often set up from a few pairs and filled in one
    /// name at a time after (a card has up to nine), and growing the storage at each step cost more than
    /// the spare room.
    package init(_ pairs: some Sequence<(String, TemplateValue)>) {
        entries.reserveCapacity(Swift.max(pairs.underestimatedCount, Self.startingCapacity))
        for (name, value) in pairs { self[name] = value }
    }

    private static let startingCapacity = 8

    /// An empty object with room for `minimumCapacity` names, for one that is known to grow past the usual
    /// eight (a card with a picture and fields, an item page's object).
    package init(minimumCapacity: Int) {
        entries.reserveCapacity(minimumCapacity)
    }

    /// Makes room for `minimumCapacity` names in storage of this object's own, so that names set after do
    /// not make it grow again (the copy of a shared card that an item page adds five names to).
    package mutating func reserveCapacity(_ minimumCapacity: Int) {
        entries.reserveCapacity(minimumCapacity)
    }

    /// The value of `name`; setting `nil` removes it.
    package subscript(name: String) -> TemplateValue? {
        get { self[name, key: NameKey.of(name)] }
        set {
            let key = NameKey.of(name)
            if let index = index(of: name, key: key) {
                if let newValue {
                    entries[index].value = newValue
                } else {
                    entries.remove(at: index)
                    keyBits = entries.reduce(0) { $0 | Self.bit(of: $1.key) }
                }
            } else if let newValue {
                entries.append(Entry(key: key, name: name, value: newValue))
                keyBits |= Self.bit(of: key)
            }
        }
    }

    /// The value of `name`, whose key is `key` (`NameKey.of(name)`, worked out once by the caller).
    package subscript(name: String, key key: UInt64) -> TemplateValue? {
        index(of: name, key: key).map { entries[$0].value }
    }

    /// Whether `name`, whose key is `key`, has a value.
    package func contains(_ name: String, key: UInt64) -> Bool {
        index(of: name, key: key) != nil
    }

    /// How many names have a value.
    package var count: Int { entries.count }

    /// The names and values, in the order they were set.
    package var pairs: [(String, TemplateValue)] { entries.map { ($0.name, $0.value) } }

    /// The same names and values in storage of their own (`TemplateValue.independentCopy`).
    package func independentCopy() -> TemplateObject {
        var copy = TemplateObject()
        copy.entries = entries.map {
            Entry(key: $0.key, name: TemplateValue.independentCopy(of: $0.name), value: $0.value.independentCopy())
        }
        copy.keyBits = keyBits
        return copy
    }

    @inline(__always)
    private static func bit(of key: UInt64) -> UInt64 {
        1 << (key & 63)
    }

    private func index(of name: String, key: UInt64) -> Int? {
        guard keyBits & Self.bit(of: key) != 0 else { return nil }
        var index = 0
        while index < entries.count {
            if entries[index].key == key && entries[index].name == name { return index }
            index += 1
        }
        return nil
    }
}

/// A name's key: 64-bit FNV-1a of its UTF-8. Two names with different keys differ; two with the same key
/// are compared as text.
package enum NameKey {
    package static func of(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8(of)
    }

    private static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(elements)
    }
}
