/// One template on its own, without partials: an item field of the config, or a URL with placeholders.
struct Template: Sendable {
    let text: String
    private let nodes: [TemplateNode]
    private let escaping: TemplateEscaping

    /// - Parameters:
    ///   - text: the Mustache text.
    ///   - escaping: how `{{name}}` writes a value.
    init(_ text: String, escaping: TemplateEscaping) throws(TemplateSyntaxError) {
        self.text = text
        self.nodes = try TemplateParser.parse(text)
        self.escaping = escaping
    }

    func render(_ context: TemplateValue) -> String {
        var renderer = TemplateRenderer(library: TemplateLibrary(), escaping: escaping, context: context)
        renderer.render(nodes, blocks: [:])
        return String(decoding: renderer.output, as: UTF8.self)
    }
}
