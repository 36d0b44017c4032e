import ScrolleryCore

extension ConfigDecoder {
    /// `strings:`: the site's own words for the theme, by key (`loadMore: "Show more"`, `items.few: "{n} zdjęcia"`),
    /// over the table of the site's language. A key the theme does not have is refused with its line; a word
    /// is one line of at most 500 characters with the braces its English word has (`{n}`, `{title}`).
    func decodeStrings(_ reader: ConfigReader?) throws(ConfigError) -> [String: String] {
        guard let reader else { return [:] }
        var words: [String: String] = [:]
        for (keyNode, _) in reader.mapping {
            let key = keyNode.string ?? ""
            guard ThemeStrings.isKey(key) else {
                let suggestion = ThemeStrings.plainKeys.min { editDistance(key, $0) < editDistance(key, $1) }
                let hint = suggestion.map { editDistance(key, $0) <= 3 ? "Did you mean `\($0)`? " : "" } ?? ""
                throw reader.error(
                    key, "is not a word of the theme.",
                    fix: "\(hint)The keys are listed in docs/theming.md (Words); a count takes a form such as "
                        + "`items.one`.")
            }
            guard let text = try reader.string(key) else { continue }
            let wanted = ThemeStrings.placeholders(of: key)
            guard !text.isEmpty, text.count <= 500, ControlCharacters.removed(from: text) == text,
                ThemeStrings.placeholders(in: text).isSubset(of: wanted)
            else {
                let braces = wanted.sorted().map { "`{\($0)}`" }.joined(separator: ", ")
                throw reader.error(
                    key, "`\(TerminalText.shown(text))` is not a word the theme can show.",
                    fix: "Write one line of at most 500 characters"
                        + (braces.isEmpty ? " without braces." : " with no braces but \(braces)."))
            }
            words[key] = text
        }
        return words
    }
}
