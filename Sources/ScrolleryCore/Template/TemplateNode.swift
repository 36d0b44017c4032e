/// One piece of a parsed template. Children are held in arrays, so the cases need no boxes of their own.
package enum TemplateNode: Sendable {
    /// Text copied to the output as it is.
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (as it is).
    case variable(TemplateName, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(TemplateName, [TemplateNode], inverted: Bool)
    /// `{{>name}}`; a partial alone on its line is indented like the tag.
    case partial(String, indentation: String)
    /// `{{<name}}…{{/name}}`: the template `name`, with the blocks given here replacing its own.
    case parent(String, blocks: [String: [TemplateNode]])
    /// `{{$name}}default{{/name}}`: replaced by a child template's block of the same name.
    case block(String, [TemplateNode])
}

/// A dotted name (`item.image.src`), split once when the template is parsed; `.` is the empty path.
package struct TemplateName: Sendable, Equatable {
    package let text: String
    package let path: [String]

    package init?(_ text: String) {
        self.text = text
        if text == "." {
            path = []
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.isEmpty, !parts.contains(where: \.isEmpty) else { return nil }
        path = parts
    }
}

/// A template that cannot be parsed, with the line of the problem.
package struct TemplateSyntaxError: Error, Sendable, CustomStringConvertible {
    package let line: Int
    package let problem: String
    package var description: String { "line \(line): \(problem)" }
}
