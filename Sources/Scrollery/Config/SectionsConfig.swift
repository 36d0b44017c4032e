public import ScrolleryCore

/// The `sections:` section of `scrollery.yml`: headings in the feed and an archive page, by a date field.
public struct SectionsConfig: Sendable, Equatable {
    /// How items are grouped; `.none` (the default) makes no headings and no archive.
    public var by: SectionGrouping = .none
    /// The field of the source item (with its detail under `detail.`) that holds the date.
    public var field = "date"
    /// The words and patterns of the headings: the site's language, with `sections.labels` over it.
    public var labels = SectionLabels.english

    /// - Parameters:
    ///   - by: how items are grouped.
    ///   - field: the source item's field that holds the date, a dotted name such as `date` or `detail.taken`.
    ///   - labels: the words and patterns of the headings.
    public init(by: SectionGrouping = .none, field: String = "date", labels: SectionLabels = .english) {
        self.by = by
        self.field = field
        self.labels = labels
    }

    /// Whether the feed has sections at all.
    public var enabled: Bool { by != .none }

    /// The Mustache template that reads the date field: `{{date}}`.
    var template: String { "{{\(field)}}" }
}
