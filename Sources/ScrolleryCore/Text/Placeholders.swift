/// `{name}` placeholders in a word or a pattern of the theme's, filled as the theme's scripts fill them.
package enum Placeholders {
    /// `text` with each `{name}` that `value` knows replaced by what it gives, in one pass from the start: what
    /// is put in is never read for names itself (a site title of `{n} photos` stays as it is). Any other brace
    /// stays as written.
    package static func fill(_ text: String, _ value: (Substring) -> String?) -> String {
        let brace = UInt8(ascii: "{")
        guard text.utf8.contains(brace) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        var rest = Substring(text)
        while let open = rest.utf8.firstIndex(of: brace) {
            result += rest[..<open]
            let name = rest.utf8.index(after: open)
            if let close = rest.utf8[name...].firstIndex(of: UInt8(ascii: "}")), let filled = value(rest[name..<close])
            {
                result += filled
                rest = rest[rest.utf8.index(after: close)...]
            } else {
                result += "{"
                rest = rest[name...]
            }
        }
        result += rest
        return result
    }
}
