/// One piece of a parsed template. Every case but text is indirect, so that any node is one reference: the
/// renderer copies each node it walks out of its array, and a node of several references would be copied
/// and destroyed field by field. Text is one reference already.
package enum TemplateNode: Sendable {
    /// Text copied to the output as it is.
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (as it is).
    indirect case variable(TemplateName, escaped: Bool)
    /// A variable whose first name is one of the constants the library was bound to
    /// (`TemplateLibrary.binding(_:)`), with what it writes when that name is found at the root: `output`,
    /// the value as `.html` escaping writes it (escaped for `{{name}}`, as it is for `{{{name}}}`). A render
    /// whose root does not hold the constants, that escapes otherwise, or where a section's value has the
    /// first name, looks it up as `.variable`.
    indirect case constant(TemplateName, escaped: Bool, output: [UInt8])
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

extension TemplateNode {
    /// The same node in storage of its own, all the way down: text, names, blocks and children copied, so
    /// that a thread rendering with the copy writes no reference count the original's thread writes
    /// (`TemplateLibrary.independentCopy`).
    package func independentCopy() -> TemplateNode {
        switch self {
        case .text(let bytes): return .text(TemplateValue.independentCopy(of: bytes))
        case .variable(let name, let escaped): return .variable(name.independentCopy(), escaped: escaped)
        case .constant(let name, let escaped, let output):
            return .constant(
                name.independentCopy(), escaped: escaped, output: TemplateValue.independentCopy(of: output))
        case .section(let name, let children, let inverted):
            return .section(name.independentCopy(), children.map { $0.independentCopy() }, inverted: inverted)
        case .partial(let name, let indentation):
            return .partial(
                TemplateValue.independentCopy(of: name), indentation: TemplateValue.independentCopy(of: indentation))
        case .parent(let name, let blocks, let indentation):
            return .parent(
                TemplateValue.independentCopy(of: name),
                blocks: Dictionary(
                    uniqueKeysWithValues: blocks.map {
                        (TemplateValue.independentCopy(of: $0.key), $0.value.independentCopy())
                    }),
                indentation: TemplateValue.independentCopy(of: indentation))
        case .block(let name, let block, let indentation):
            return .block(
                TemplateValue.independentCopy(of: name), block.independentCopy(),
                indentation: TemplateValue.independentCopy(of: indentation))
        }
    }
}

/// The content of a block: a parent's default, or a child's replacement for it.
package struct TemplateBlock: Sendable {
    package let nodes: [TemplateNode]
    /// The indentation its lines share where it is written (the first line's, when the opening tag ends
    /// its line; the tag's own otherwise), taken off its lines where it is expanded.
    package let indentation: [UInt8]
    /// Whether it starts on a line of its own (its opening tag ended the line).
    package let startsLine: Bool

    /// The same block in storage of its own (`TemplateNode.independentCopy`).
    package func independentCopy() -> TemplateBlock {
        TemplateBlock(
            nodes: nodes.map { $0.independentCopy() }, indentation: TemplateValue.independentCopy(of: indentation),
            startsLine: startsLine)
    }
}

/// A dotted name (`item.image.src`), split once when the template is parsed; `.` is the empty path.
///
/// A class: a node that holds it is copied out of its template at every render, and one reference is
/// cheaper to copy than the three its parts would be. The first part is held apart from the rest, so a
/// look-up reads it without retaining an array.
package final class TemplateName: Sendable, Equatable {
    /// One part of the path and its key (`NameKey`), for the look-ups.
    package struct Part: Sendable {
        package let name: String
        package let key: UInt64
    }

    package let text: String
    /// The first part; `nil` for `.`.
    package let first: Part?
    /// The parts after the first, looked up in what the first found.
    package let rest: [Part]

    package init?(_ text: String) {
        self.text = text
        if text == "." {
            first = nil
            rest = []
            return
        }
        // Split on the byte of `.`, never part of another scalar's UTF-8: every tag of every template is
        // split, and splitting by Character would walk grapheme breaks for nothing.
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard let head = parts.first, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        func part(_ bytes: Substring.UTF8View) -> Part {
            let name = String(Substring(bytes))
            return Part(name: name, key: NameKey.of(name))
        }
        first = part(head)
        rest = parts.dropFirst().map(part)
    }

    private init(text: String, first: Part?, rest: [Part]) {
        self.text = text
        self.first = first
        self.rest = rest
    }

    /// The same name in storage of its own (`TemplateNode.independentCopy`).
    package func independentCopy() -> TemplateName {
        func copy(_ part: Part) -> Part { Part(name: TemplateValue.independentCopy(of: part.name), key: part.key) }
        return TemplateName(text: TemplateValue.independentCopy(of: text), first: first.map(copy), rest: rest.map(copy))
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
