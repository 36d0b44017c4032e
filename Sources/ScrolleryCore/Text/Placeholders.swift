/// `{name}` placeholders in a word or a pattern of the theme's, filled as the theme's scripts fill them.
package enum Placeholders {
    /// `text` with each `{name}` that `value` knows replaced by what it gives, in one pass from the start: what
    /// is put in is never read for names itself (a site title of `{n} photos` stays as it is). A name holds no
    /// brace; any other brace stays as written. Linear in the text, however its braces fall.
    package static func fill(_ text: String, _ value: (Substring) -> String?) -> String {
        let opening = UInt8(ascii: "{")
        let closing = UInt8(ascii: "}")
        guard text.utf8.contains(opening) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        var rest = Substring(text)
        // The first `}` after the last `{` looked at: the same for each `{` before it, so it is looked for again
        // only past it.
        var close: String.Index?
        while let open = rest.utf8.firstIndex(of: opening) {
            result += rest[..<open]
            let name = rest.utf8.index(after: open)
            if close.map({ $0 < name }) ?? true {
                close = rest.utf8[name...].firstIndex(of: closing)
            }
            // No `}` after this `{`: no name after it either, and the rest stays as written.
            guard let end = close else {
                rest = rest[open...]
                break
            }
            if !rest.utf8[name..<end].contains(opening), let filled = value(rest[name..<end]) {
                result += filled
                rest = rest[rest.utf8.index(after: end)...]
            } else {
                result += "{"
                rest = rest[name...]
            }
        }
        result += rest
        return result
    }
}
