import ScrolleryCore

extension ConfigDecoder {
    func decodeSections(_ reader: ConfigReader?, language: String = "en") throws(ConfigError) -> SectionsConfig {
        var sections = SectionsConfig()
        guard let reader else { return sections }
        try reader.rejectUnknownKeys(["by", "field", "labels"])
        if let text = try reader.string("by") {
            guard let grouping = SectionGrouping(rawValue: text) else {
                let names = SectionGrouping.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                throw reader.error(
                    "by", "`\(TerminalText.shown(text))` is not a way to group items into sections.",
                    fix: "Write one of \(names): `month` gives a heading such as \"November 2026\".")
            }
            sections.by = grouping
        }
        if let field = try reader.string("field") {
            guard Self.isFieldName(field) else {
                throw reader.error(
                    "field", "`\(TerminalText.shown(field))` is not the name of a field of the item.",
                    fix: "Write a name such as `date`, `created_at` or `detail.taken` (letters, digits, `_`, `-`, "
                        + "and `.` between names), without braces.")
            }
            sections.field = field
        }
        // The locale data is read only for a site that shows headings.
        if sections.enabled { sections.labels = .of(language: language) }
        if let labels = try reader.child("labels") {
            try decodeLabels(labels, into: &sections.labels)
        }
        return sections
    }

    /// `sections.labels`: the words of the headings where the site's language has none of its own (or
    /// other words): `week`, with `{week}` and optionally `{year}` (the ISO week's year), and `undated`.
    /// No other braces: a heading names its section, nothing of one item.
    private func decodeLabels(_ reader: ConfigReader, into labels: inout SectionLabels) throws(ConfigError) {
        try reader.rejectUnknownKeys(["week", "undated"])
        func label(_ key: String, placeholders: [String], example: String) throws(ConfigError) -> String? {
            guard let text = try reader.string(key) else { return nil }
            let trimmed = text.trimmingWhitespace()
            var rest = trimmed
            for placeholder in placeholders { rest = rest.replacingOccurrences(of: "{\(placeholder)}", with: "") }
            guard !trimmed.isEmpty, trimmed.count <= 100, ControlCharacters.removed(from: trimmed) == trimmed,
                placeholders.first.map({ trimmed.contains("{\($0)}") }) ?? true,
                !rest.contains("{"), !rest.contains("}")
            else {
                let wanted =
                    placeholders.isEmpty
                    ? " without braces"
                    : " with `{\(placeholders[0])}`"
                        + placeholders.dropFirst().map { ", optionally `{\($0)}`" }.joined() + " and no other braces"
                throw reader.error(
                    key, "`\(TerminalText.shown(text))` is not a heading Scrollery can write.",
                    fix: "Write one line of at most 100 characters\(wanted), such as `\(example)`.")
            }
            return trimmed
        }
        if let week = try label("week", placeholders: ["week", "year"], example: SectionLabels.english.week) {
            labels.week = week
        }
        if let undated = try label("undated", placeholders: [], example: SectionLabels.english.undated) {
            labels.undated = undated
        }
    }

    /// A dotted name of letters, digits, `_` and `-`: nothing a template would read as a tag.
    static func isFieldName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !text.isEmpty && text.count <= 200
            && parts.allSatisfy { part in
                !part.isEmpty
                    && part.unicodeScalars.allSatisfy {
                        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                            || $0 == "_" || $0 == "-"
                    }
            }
    }
}
