public import ScrolleryCore

/// The `sections:` section of `scrollery.yml`: headings in the feed and an archive page, by a date field.
public struct SectionsConfig: Sendable, Equatable {
    /// How items are grouped; `.none` (the default) makes no headings and no archive.
    public var by: SectionGrouping = .none
    /// The field of the source item (with its detail under `detail.`) that holds the date.
    public var field = "date"

    /// - Parameters:
    ///   - by: how items are grouped.
    ///   - field: the source item's field that holds the date, a dotted name such as `date` or `detail.taken`.
    public init(by: SectionGrouping = .none, field: String = "date") {
        self.by = by
        self.field = field
    }

    /// Whether the feed has sections at all.
    public var enabled: Bool { by != .none }

    /// The Mustache template that reads the date field: `{{date}}`.
    var template: String { "{{\(field)}}" }
}

extension ConfigDecoder {
    func decodeSections(_ reader: ConfigReader?) throws(ConfigError) -> SectionsConfig {
        guard let reader else { return SectionsConfig() }
        try reader.rejectUnknownKeys(["by", "field"])
        var sections = SectionsConfig()
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
        return sections
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
