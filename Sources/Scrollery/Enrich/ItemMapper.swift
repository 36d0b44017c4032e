import Foundation
import ScrolleryCore
import ScrollerySearch

/// Makes a `GalleryItem` out of a source item and its detail, through the `item:` templates of the config.
struct ItemMapper: Sendable {
    private let id: Template
    private let title: Template
    private let image: Template?
    private let width: Template?
    private let height: Template?
    private let alt: Template?
    private let description: Template?
    private let date: Template?
    private let link: Template?
    private let download: Template?
    private let video: Template?
    /// The templates of `item.fields`, with their names, in order.
    private let fields: [(name: String, template: Template)]
    /// The date field sections are made from, and how (`nil`: no sections).
    private let section: (field: Template, grouping: SectionGrouping, labels: SectionLabels)?
    private let baseURL: BaseURL
    private let redactor: Redactor
    private let markdown = MarkdownRenderer()
    /// The templates of `search.filters`, in order (none without search).
    private let filters: [Template]
    /// The bytes of a description's text kept for the search index (an excerpt's without search).
    private let textBytes: Int
    /// The fields whose words the search index takes (none without search).
    private let searchFields: [SearchConfig.Field]
    /// The names of `item.fields` whose words the search index takes, as a description's (none without search).
    private let searchItemFields: [String]
    /// The templates of `groups`' values, in order (none without groups).
    private let groups: [Template]
    /// Whether a template reads `picture.*`, so the item is mapped again once its picture is processed.
    let readsPicture: Bool

    /// - Parameters:
    ///   - templates: the config's `item:` templates.
    ///   - baseURL: where relative image paths are placed.
    ///   - redactor: hides secrets that a source echoes back (a URL with its `api_key=`, say).
    ///   - sections: how items are grouped into sections, and by which field.
    init(
        _ templates: ItemConfig, baseURL: BaseURL, redactor: Redactor = Redactor(),
        sections: SectionsConfig = SectionsConfig(), search: SearchConfig = SearchConfig(),
        groups: [GroupConfig] = []
    ) throws {
        func parse(_ text: String?, _ key: String) throws -> Template? {
            // The fields are plain text, not HTML: escaping happens once, in the theme.
            try text.map { try Template($0, escaping: .none, name: "item.\(key)") }
        }
        id = try Template(templates.id, escaping: .none, name: "item.id")
        title = try Template(templates.title, escaping: .none, name: "item.title")
        image = try parse(templates.image, "image")
        width = try parse(templates.width, "width")
        height = try parse(templates.height, "height")
        alt = try parse(templates.alt, "alt")
        description = try parse(templates.description, "description")
        date = try parse(templates.date, "date")
        link = try parse(templates.link, "link")
        download = try parse(templates.download, "download")
        video = try parse(templates.video, "video")
        fields = try templates.fields.map {
            (name: $0.name, template: try Template($0.template, escaping: .none, name: "item.fields.\($0.name)"))
        }
        if sections.enabled {
            section = (
                try Template(sections.template, escaping: .none, name: "sections.field"), sections.by, sections.labels
            )
        } else {
            section = nil
        }
        self.baseURL = baseURL
        self.redactor = redactor
        filters =
            search.enabled
            ? try search.filters.map { try Template($0.template, escaping: .none, name: "search.filters.\($0.name)") }
            : []
        self.groups = try groups.map { try Template($0.values, escaping: .none, name: "groups.\($0.name)") }
        searchFields = search.enabled ? search.fields : []
        searchItemFields = search.enabled ? search.itemFields : []
        textBytes =
            search.enabled && search.fields.contains(.description)
            ? SearchText.maxFieldBytes : MarkdownRenderer.excerptBytes
        let pictureReaders =
            [templates.title, templates.alt, templates.description, templates.date, templates.link]
            + templates.fields.map(\.template) + (search.enabled ? search.filters.map(\.template) : [])
            + (sections.enabled ? [sections.template] : []) + groups.map(\.values)
        readsPicture = pictureReaders.contains { $0?.contains("picture") ?? false }
    }

    /// - Parameter error: why the item's detail failed, if it did. A field whose template stops at one of
    ///   the renderer's limits is left out, and the item fails with the reason.
    ///   - picture: what the item's processed picture holds, as `picture.*` (`ProcessedImage.templateValues`).
    func map(_ item: SourceItem, detail: JSONValue?, error: Failure?, picture: [String: String]? = nil) -> GalleryItem {
        let (context, top) = TemplateValue.item(item.value, detail: detail, picture: picture)
        var failure: Failure?
        func rendered(_ template: Template?) -> String? {
            guard let template else { return nil }
            do {
                return try template.render(context, top: top)
            } catch {
                failure = failure ?? Failure(.invalidTemplate, message: error.description, underlying: error)
                return nil
            }
        }
        func text(_ template: Template?) -> String? {
            guard let rendered = rendered(template)?.trimmingWhitespace(), !rendered.isEmpty else { return nil }
            return ControlCharacters.removed(from: redactor(rendered))
        }
        let renderedID = text(id) ?? String(item.position)
        let renderedTitle = text(title) ?? "Untitled"
        let imageReference = text(image).flatMap {
            reference(
                to: $0, width: text(width).flatMap(Self.pixels), height: text(height).flatMap(Self.pixels),
                alt: text(alt) ?? renderedTitle)
        }
        // A description made only of the item (not its detail) is still wanted when the detail failed.
        let descriptionText = rendered(description).map { ControlCharacters.removed(from: redactor($0)) } ?? ""
        let sectionDate = section.flatMap { text($0.field) }
        let renderedDescription = descriptionText.isEmpty ? nil : markdown.render(descriptionText, textBytes: textBytes)
        let fieldValues = fields.compactMap { field in
            text(field.template).map { GalleryItem.FieldValue(name: field.name, value: $0) }
        }
        let searchTerms =
            searchFields.isEmpty && searchItemFields.isEmpty
            ? nil
            : SearchTerms(
                title: searchFields.contains(.title) ? renderedTitle : "",
                body: Self.searchBody(
                    description: searchFields.contains(.description) ? renderedDescription?.plainText : nil,
                    fields: fieldValues.filter { searchItemFields.contains($0.name) }))
        return GalleryItem(
            position: item.position, id: renderedID, title: renderedTitle, image: imageReference,
            description: renderedDescription,
            date: text(date), link: text(link).flatMap(SafeURL.external),
            error: (error ?? failure).map { $0.with(message: ControlCharacters.removed(from: $0.message)) },
            section: section.flatMap { SectionKey.of(sectionDate, by: $0.grouping, labels: $0.labels) },
            sectionDay: section == nil ? nil : sectionDate.flatMap(SectionKey.day(of:)),
            facets: filters.map { facetValues(rendered($0)) }, searchTerms: searchTerms,
            fields: fieldValues, groups: groups.map { facetValues(rendered($0)) },
            download: text(download).flatMap(SafeURL.external), video: text(video).flatMap(SafeURL.external))
    }

    /// The text whose words count as the description's: the values of the item's fields that `search.fields`
    /// names, a line each, then the description's plain text (the fields first: a field's bytes past
    /// `SearchText.maxFieldBytes` would not be read).
    static func searchBody(description: String?, fields: [GalleryItem.FieldValue]) -> String {
        guard !fields.isEmpty else { return description ?? "" }
        return (fields.map(\.value) + [description].compactMap { $0 }).joined(separator: "\n")
    }

    /// The lines of a filter's output as values: trimmed, without control characters, not empty, each
    /// once, at most `SearchLimits.valuesPerItem` of at most `SearchLimits.valueBytes` bytes.
    private func facetValues(_ text: String?) -> [String] {
        guard let text else { return [] }
        var values: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let value = String(
                SearchText.prefix(
                    ControlCharacters.removed(from: redactor(String(line))).trimmingWhitespace(),
                    bytes: SearchLimits.valueBytes))
            guard !value.isEmpty, !values.contains(value) else { continue }
            values.append(value)
            if values.count == SearchLimits.valuesPerItem { break }
        }
        return values
    }

    /// Where the item's picture is read from, from `item.image` alone (no size, no alt): for making the
    /// picture before the item is mapped, when the item's templates read `picture.*`. Nil when the item has
    /// no picture, or its template fails (the mapping says why).
    func imageReference(of item: SourceItem, detail: JSONValue?) -> ImageReference? {
        let (context, top) = TemplateValue.item(item.value, detail: detail, picture: nil)
        guard let rendered = (try? image?.render(context, top: top))?.trimmingWhitespace(), !rendered.isEmpty else {
            return nil
        }
        return reference(to: ControlCharacters.removed(from: redactor(rendered)), width: nil, height: nil, alt: "")
    }

    /// The picture at `location`, checked, with where its original is read from.
    private func reference(to location: String, width: Int?, height: Int?, alt: String) -> ImageReference? {
        SafeURL.resource(location, base: baseURL).map {
            var reference = ImageReference(src: $0, width: width, height: height, alt: alt)
            reference.original = original(of: $0)
            return reference
        }
    }

    /// Where the original of a checked image location is read from: an http(s) URL as it is, a path
    /// under the base URL (where `resource` puts a relative path) as the file of that path in `static/`.
    private func original(of source: String) -> String {
        // In UTF-8, as a URL's bytes are compared: the base URL's path, then up to a query or fragment.
        guard source.utf8.starts(with: baseURL.path.utf8) else { return source }
        let rest = source.utf8.dropFirst(baseURL.path.utf8.count)
        let end = rest.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? rest.endIndex
        let path = String(Substring(rest[..<end]))
        // Most paths have nothing to decode: no trip through Foundation's NSString for them.
        guard path.utf8.contains(UInt8(ascii: "%")) else { return ImageReference.staticFolder + path }
        return ImageReference.staticFolder + (path.removingPercentEncoding ?? path)
    }

    /// A pixel size: a positive whole number (a decimal is rounded), else nothing.
    static func pixels(_ text: String) -> Int? {
        guard let value = Double(text), value.isFinite, value >= 1, value < 1_000_000 else { return nil }
        return Int(value.rounded())
    }
}
