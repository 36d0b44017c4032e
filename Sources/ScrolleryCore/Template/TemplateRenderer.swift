/// Walks a template's nodes over a stack of values and writes the output as UTF-8 bytes.
///
/// A name is looked up from the innermost section outwards; the rest of a dotted name is looked up in
/// what its first part found, and nowhere else.
package struct TemplateRenderer {
    package let library: TemplateLibrary
    package let escaping: TemplateEscaping
    package private(set) var output: [UInt8] = []
    private var stack: [TemplateValue]
    private var depth = 0
    private var expansions = 0

    /// Partials and parents nested at most, so a template that includes itself ends.
    private static let depthLimit = 64
    /// Partials and parents expanded at most in one render, so one that includes itself twice (and
    /// doubles at every level) ends too.
    private static let expansionLimit = 100_000

    /// - Parameter capacity: the bytes of output expected (a page's few KiB, a field's few bytes).
    package init(library: TemplateLibrary, escaping: TemplateEscaping, context: TemplateValue, capacity: Int = 4096) {
        self.library = library
        self.escaping = escaping
        self.stack = [context]
        output.reserveCapacity(capacity)
    }

    /// What `name` finds with `context` alone on the stack.
    package static func lookup(_ name: TemplateName, in context: TemplateValue) -> TemplateValue? {
        TemplateRenderer(library: TemplateLibrary(), escaping: .none, context: context, capacity: 0).lookup(name)
    }

    package mutating func render(_ nodes: [TemplateNode], blocks: [String: [TemplateNode]]) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                output.append(contentsOf: bytes)
            case .variable(let name, let escaped):
                switch lookup(name) {
                case .text(let text)?:
                    if escaped { escaping.append(text, to: &output) } else { output.append(contentsOf: text.utf8) }
                case .bool(let flag)?:
                    output.append(contentsOf: (flag ? "true" : "false").utf8)
                case .list?, .object?, .json?, nil:
                    break
                }
            case .section(let name, let children, let inverted):
                renderSection(lookup(name), children, inverted: inverted, blocks: blocks)
            case .block(let name, let children):
                render(blocks[name] ?? children, blocks: blocks)
            case .partial(let name, let indentation):
                guard depth < Self.depthLimit, expansions < Self.expansionLimit,
                    let partial = library.partial(named: name, indentation: indentation)
                else { continue }
                depth += 1
                expansions += 1
                render(partial, blocks: [:])
                depth -= 1
            case .parent(let name, let overrides):
                guard depth < Self.depthLimit, expansions < Self.expansionLimit,
                    let parent = library.template(named: name)
                else { continue }
                // The outermost child's block wins over the blocks of the templates between it and the parent.
                depth += 1
                expansions += 1
                render(parent, blocks: blocks.isEmpty ? overrides : overrides.merging(blocks) { _, outer in outer })
                depth -= 1
            }
        }
    }

    private mutating func renderSection(
        _ value: TemplateValue?, _ children: [TemplateNode], inverted: Bool, blocks: [String: [TemplateNode]]
    ) {
        guard let value else {
            if inverted { render(children, blocks: blocks) }
            return
        }
        if let elements = value.elements {
            if inverted {
                if elements.isEmpty { render(children, blocks: blocks) }
                return
            }
            for element in elements {
                stack.append(element)
                render(children, blocks: blocks)
                stack.removeLast()
            }
            return
        }
        if case .bool(let flag) = value {
            if flag != inverted { render(children, blocks: blocks) }
            return
        }
        guard !inverted else { return }
        stack.append(value)
        render(children, blocks: blocks)
        stack.removeLast()
    }

    private func lookup(_ name: TemplateName) -> TemplateValue? {
        guard let first = name.path.first else { return stack.last }
        var found: TemplateValue?
        var level = stack.count - 1
        while level >= 0 {
            if let member = stack[level].member(first) {
                found = member
                break
            }
            level -= 1
        }
        for part in name.path.dropFirst() {
            found = found?.member(part)
        }
        return found
    }
}
