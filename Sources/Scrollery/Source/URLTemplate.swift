import ScrolleryCore

/// A URL or path with Mustache placeholders whose values are percent-encoded, so a value from a
/// source can never change the shape of the URL (add a `/`, `..`, `?` or `#`).
struct URLTemplate: Sendable {
    private let template: Template

    var text: String { template.text }

    /// - Parameter name: the config key of the template, for render errors (`detail.url`).
    init(_ text: String, name: String = "url") throws(TemplateSyntaxError) {
        template = try Template(text, escaping: .urlComponent, name: name)
    }

    func render(_ context: TemplateValue) throws(TemplateRenderError) -> String {
        try template.render(context)
    }

    /// The detail URL or path of a source item: the template over the item's fields.
    func location(of item: SourceItem) throws(TemplateRenderError) -> String {
        try render(TemplateValue.item(item.value, detail: nil).item)
    }
}
