import ScrolleryCore
import ScrolleryIO

/// A URL or path with Mustache placeholders whose values are percent-encoded, so a value from a
/// source can never change the shape of the URL (add a `/`, `..`, `?` or `#`).
struct URLTemplate: Sendable {
    private let template: Template

    var text: String { template.text }

    init(_ text: String) throws(TemplateSyntaxError) {
        template = try Template(text, escaping: .urlComponent)
    }

    func render(_ context: TemplateValue) -> String {
        template.render(context)
    }

    /// The detail URL or path of a source item: the template over the item's fields.
    func location(of item: SourceItem) -> String {
        render(TemplateValue.item(item.value, detail: nil))
    }
}
