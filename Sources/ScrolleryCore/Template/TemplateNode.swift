/// One piece of a parsed template. Every case but text is indirect, so that any node is one reference: the
/// renderer copies each node it walks out of its array, and a node of several references would be copied
/// and destroyed field by field. Text is one reference already.
package enum TemplateNode: Sendable {
    /// Text copied to the output as it is.
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (as it is).
    indirect case variable(TemplateName, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    indirect case section(TemplateName, [TemplateNode], inverted: Bool)
    /// `{{>name}}`; a partial alone on its line is indented like the tag.
    indirect case partial(String, indentation: String)
    /// `{{<name}}…{{/name}}`: the template `name`, with the blocks given here replacing its own. A pair
    /// alone on its line (`  {{<name}}{{/name}}`) indents the parent like the tag (`indentation`, relative
    /// to the block the pair is in); otherwise `indentation` is empty.
    indirect case parent(String, blocks: [String: TemplateBlock], indentation: [UInt8])
    /// `{{$name}}default{{/name}}`: replaced by a child template's block of the same name, reindented to
    /// the default's indentation (`indentation`: the part of it beyond the block the tag is in).
    indirect case block(String, TemplateBlock, indentation: [UInt8])
}

/// The content of a block: a parent's default, or a child's replacement for it.
package struct TemplateBlock: Sendable {
    package let nodes: [TemplateNode]
    /// The indentation its lines share where it is written (the first line's, when the opening tag ends
    /// its line; the tag's own otherwise), taken off its lines where it is expanded.
    package let indentation: [UInt8]
    /// Whether it starts on a line of its own (its opening tag ended the line).
    package let startsLine: Bool
}

/// A dotted name (`item.image.src`), split once when the template is parsed; `.` is the empty path.
///
/// A class: a node that holds it is copied out of its template at every render, and one reference is
/// cheaper to copy than the three its parts would be.
package final class TemplateName: Sendable, Equatable {
    package let text: String
    package let path: [String]
    /// The key of each part of the path (`NameKey`), for the look-ups.
    package let keys: [UInt64]

    package init?(_ text: String) {
        self.text = text
        if text == "." {
            path = []
            keys = []
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.isEmpty, !parts.contains(where: \.isEmpty) else { return nil }
        path = parts
        keys = parts.map(NameKey.of)
    }

    package static func == (left: TemplateName, right: TemplateName) -> Bool {
        left.text == right.text
    }
}

/// A template that cannot be parsed, with the line of the problem.
package struct TemplateSyntaxError: ScrolleryError, Sendable {
    package let line: Int
    package let problem: String
    package var description: String { "line \(line): \(problem)" }
}

extension TemplateSyntaxError {
    package var place: String { "line \(line)" }
}
