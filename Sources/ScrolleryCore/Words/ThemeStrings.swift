/// Every word the default theme shows, in the site's language: the table of `language:` (English when the
/// language has none) with the site's own words (`strings:` in `scrollery.yml`) over it. A word is a key
/// (`loadMore`) or, for a count, a key with a plural category (`items.one`, `items.few`) whose text has
/// `{n}`; other braces (`{title}`, `{first}`) are filled by whoever shows the word.
public struct ThemeStrings: Sendable, Equatable {
    /// The language whose table the words come from (`fr`; `en` when the site's has none).
    public let language: String
    /// Each word by its key.
    public let words: [String: String]
    /// Whether the site's language is written right to left (`ar`, `he`, `fa`, `ur`).
    public let isRightToLeft: Bool

    /// The words of the language `tag` (`fr`, `pt-BR`, `zh-CN`) with `overrides` over them, and whether the
    /// language has a table of its own (`false`: the English words, which the build warns about once).
    public static func of(language tag: String, overrides: [String: String] = [:]) -> (
        strings: ThemeStrings, hasTable: Bool
    ) {
        let code = tableName(of: tag)
        let table = code.flatMap { tables[$0] }
        var words = table ?? english
        let language = table == nil ? "en" : code ?? "en"
        for (key, text) in overrides { words[key] = text }
        let strings = ThemeStrings(
            language: language, words: words, isRightToLeft: rightToLeft.contains(baseLanguage(of: tag)))
        return (strings, table != nil)
    }

    /// The name of the table for a language tag: its language in lower case, `zh` only for Simplified
    /// Chinese (`zh`, `zh-Hans`, `zh-CN`, `zh-SG`); `nil` for Traditional Chinese, which has no table.
    static func tableName(of tag: String) -> String? {
        let parts = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        let code = parts.first.map(String.init) ?? ""
        if code == "zh",
            parts.contains("hant") || (!parts.contains("hans") && parts.contains { ["tw", "hk", "mo"].contains($0) })
        {
            return nil
        }
        return code
    }

    static func baseLanguage(of tag: String) -> String {
        String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }

    /// The languages written right to left.
    public static let rightToLeft: Set<String> = ["ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb"]

    /// The shipped tables, by language.
    public static let tables: [String: [String: String]] = [
        "en": english, "de": german, "fr": french, "es": spanish, "it": italian, "pt": portuguese,
        "nl": dutch, "pl": polish, "ja": japanese, "zh": chinese, "ar": arabic,
    ]

    /// The keys of words without a count (`loadMore`), as English has them.
    public static let plainKeys: [String] = english.keys.filter { !$0.contains(".") }.sorted()
    /// The keys of words with a count (`items`): their texts are under `items.one`, `items.other`…
    public static let countKeys: [String] = Set(
        english.keys.filter { $0.contains(".") }.map { key in
            String(key.prefix { $0 != "." })
        }
    ).sorted()

    /// Whether `key` names a word a site may set under `strings:`: a plain key, or a count key with one of
    /// the categories CLDR has (`items.few`).
    public static func isKey(_ key: String) -> Bool {
        if plainKeys.contains(key) { return true }
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && countKeys.contains(String(parts[0]))
            && PluralCategory(rawValue: String(parts[1])) != nil
    }

    /// The braces a word's text has in English (`{n}`, `{title}`): a site's own word keeps the same ones.
    public static func placeholders(of key: String) -> Set<String> {
        let englishKey = key.contains(".") ? String(key.prefix { $0 != "." }) + ".other" : key
        return placeholders(in: english[englishKey] ?? "")
    }

    /// The names in braces in `text`.
    public static func placeholders(in text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            names.insert(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return names
    }

    /// The word of `key` (its English word when a site's table lacks it, which the tests forbid).
    public func text(_ key: String) -> String {
        words[key] ?? Self.english[key] ?? key
    }

    /// The word of `key` with each `{name}` of `values` filled in.
    public func text(_ key: String, _ values: [String: String]) -> String {
        Self.fill(text(key), values)
    }

    /// The form of the count word `key` for `count` (its category in the site's language), `{n}` filled.
    public func count(_ key: String, _ count: Int, _ values: [String: String] = [:]) -> String {
        let category = PluralRules.category(of: count, language: language)
        let form = words["\(key).\(category.rawValue)"] ?? words["\(key).other"] ?? text("\(key).other")
        var all = values
        all["n"] = String(count)
        return Self.fill(form, all)
    }

    /// `text` with each `{name}` that `values` has filled in (`Placeholders.fill`).
    static func fill(_ text: String, _ values: [String: String]) -> String {
        Placeholders.fill(text) { values[String($0)] }
    }

    /// The words the scripts use (the keys of `keys` and every form of those count keys), as one JSON
    /// object in key order, with `<` escaped so that it can sit in a `<script>` element.
    public func json(keys: [String]) -> String {
        // `@lang`: the language whose plural rules pick a count's form (the table's, English when it has none).
        var entries: [(String, String)] = [("@lang", language)]
        for key in keys {
            if Self.countKeys.contains(key) {
                for category in PluralCategory.allCases {
                    if let form = words["\(key).\(category.rawValue)"] {
                        entries.append(("\(key).\(category.rawValue)", form))
                    }
                }
            } else {
                entries.append((key, text(key)))
            }
        }
        let body = entries.map { "\(Self.quoted($0.0)):\(Self.quoted($0.1))" }.joined(separator: ",")
        return "{" + body + "}"
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
