/// One template on its own, without partials: an item field of the config, or a URL with placeholders.
package struct Template: Sendable {
    package let text: String
    /// What render errors call it: the config key it comes from (`item.title`).
    package let name: String
    private let nodes: [TemplateNode]
    private let escaping: TemplateEscaping
    /// Whether the template is text and variables only (`images/{{id}}.jpg`), nothing a renderer is needed
    /// for.
    private let isFlat: Bool

    /// - Parameters:
    ///   - text: the Mustache text.
    ///   - escaping: how `{{name}}` writes a value.
    ///   - name: what render errors call it.
    package init(_ text: String, escaping: TemplateEscaping, name: String = "template") throws(TemplateSyntaxError) {
        self.text = text
        self.name = name
        let nodes = try TemplateParser.parse(text)
        self.nodes = nodes
        self.escaping = escaping
        isFlat = nodes.allSatisfy { node in
            switch node {
            case .text, .variable: true
            case .constant, .section, .partial, .parent, .block: false
            }
        }
    }

    /// - Parameter top: a value looked up before `context`, as a section's value would be (an item's
    ///   detail over the item's own members).
    /// - Throws: when the render reaches one of the renderer's limits (a section repeated inside a list of
    ///   itself, say).
    package func render(_ context: TemplateValue, top: TemplateValue? = nil) throws(TemplateRenderError) -> String {
        // A lone `{{name}}` that is not escaped (an item field, usually) is its value's text, as it is.
        if nodes.count == 1, case .variable(let name, let escaped) = nodes[0], !escaped || escaping == .none {
            switch TemplateRenderer.lookup(name, in: context, top: top) {
            case .text(let text)?: return text
            case .utf8(let bytes)?: return String(decoding: bytes, as: UTF8.self)
            case .bool(let flag)?: return flag ? "true" : "false"
            case .list?, .object?, .json?, nil: return ""
            }
        }
        // Text and variables: each variable looked up in `context` alone, as a renderer would, without one.
        if isFlat {
            var output: [UInt8] = []
            output.reserveCapacity(text.utf8.count + 64)
            for node in nodes {
                switch node {
                case .text(let bytes):
                    output.append(contentsOf: bytes)
                case .variable(let name, let escaped):
                    TemplateRenderer.write(
                        TemplateRenderer.lookup(name, in: context, top: top), escaped: escaped, escaping: escaping,
                        to: &output)
                case .constant, .section, .partial, .parent, .block:
                    break
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
        var renderer = TemplateRenderer(
            library: TemplateLibrary(), escaping: escaping, context: context, top: top, name: name, capacity: 256)
        try renderer.render(nodes, blocks: [:])
        return String(decoding: renderer.output, as: UTF8.self)
    }
}
