import Foundation
import ScrolleryCore

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
    private let baseURL: BaseURL
    private let redactor: Redactor
    private let markdown = MarkdownRenderer()

    /// - Parameters:
    ///   - templates: the config's `item:` templates.
    ///   - baseURL: where relative image paths are placed.
    ///   - redactor: hides secrets that a source echoes back (a URL with its `api_key=`, say).
    init(_ templates: ItemTemplates, baseURL: BaseURL, redactor: Redactor = Redactor()) throws {
        func parse(_ text: String) throws -> Template {
            // The fields are plain text, not HTML: escaping happens once, in the theme.
            try Template(text, escaping: .none)
        }
        id = try parse(templates.id)
        title = try parse(templates.title)
        image = try templates.image.map(parse)
        width = try templates.width.map(parse)
        height = try templates.height.map(parse)
        alt = try templates.alt.map(parse)
        description = try templates.description.map(parse)
        date = try templates.date.map(parse)
        link = try templates.link.map(parse)
        self.baseURL = baseURL
        self.redactor = redactor
    }

    func map(_ item: SourceItem, detail: JSONValue?, error: String?) -> GalleryItem {
        let context = TemplateValue.item(item.value, detail: detail)
        func text(_ template: Template?) -> String? {
            guard let rendered = template?.render(context).trimmingWhitespace(),
                !rendered.isEmpty
            else { return nil }
            return ControlCharacters.removed(from: redactor(rendered))
        }
        let renderedID = text(id) ?? String(item.position)
        let renderedTitle = text(title) ?? "Untitled"
        let imageReference = text(image).flatMap { SafeURL.resource($0, base: baseURL) }.map {
            ImageReference(
                src: $0, width: text(width).flatMap(Self.pixels), height: text(height).flatMap(Self.pixels),
                alt: text(alt) ?? renderedTitle)
        }
        // A description made only of the item (not its detail) is still wanted when the detail failed.
        let descriptionText = description.map { ControlCharacters.removed(from: redactor($0.render(context))) } ?? ""
        return GalleryItem(
            position: item.position, id: renderedID, title: renderedTitle, image: imageReference,
            description: descriptionText.isEmpty ? nil : markdown.render(descriptionText),
            date: text(date), link: text(link).flatMap(SafeURL.external),
            error: error.map(ControlCharacters.removed(from:)))
    }

    /// A pixel size: a positive whole number (a decimal is rounded), else nothing.
    static func pixels(_ text: String) -> Int? {
        guard let value = Double(text), value.isFinite, value >= 1, value < 1_000_000 else { return nil }
        return Int(value.rounded())
    }
}
