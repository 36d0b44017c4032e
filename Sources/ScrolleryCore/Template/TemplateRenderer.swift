/// Walks a template's nodes over a stack of values and writes the output as UTF-8 bytes.
///
/// A name is looked up from the innermost section outwards; the rest of a dotted name is looked up in
/// what its first part found, and nowhere else.
///
/// Every render is bounded (`TemplateRenderError.Limit`): partials and parents nest at most 64 deep,
/// sections, blocks and partials at most 256 deep at once (which bounds the context stack and the call
/// stack), and at most 100,000 of them are entered in one render. Past a limit the render throws.
package struct TemplateRenderer {
    package let library: TemplateLibrary
    package let escaping: TemplateEscaping
    package private(set) var output: [UInt8] = []
    private var stack: [TemplateValue]
    /// The template rendered first, then each partial and parent entered and not yet left.
    private var templates: [String]
    /// Sections, blocks, partials and parents open now.
    private var nesting = 0
    /// Sections, blocks, partials and parents entered so far.
    private var expansions = 0
    /// Taken off the start of each line of template text while a block is expanded: the indentation the
    /// block's lines share where it is written.
    private var outdent: [UInt8] = []
    /// Put at the start of each line of template text while an indented block or parent is expanded.
    private var indentation: [UInt8] = []
    /// Where the output is on the line of template text being rendered.
    private var line = Line.start
    /// Whether a `.constant` writes its output where its first name is found at the root: the root holds
    /// the constants the library was bound to, and values are escaped as the binding escaped them.
    private let constantsApply: Bool

    private enum Line {
        /// At the start of a line: the next output is outdented and indented first.
        case start
        /// At the start of a block's first line, whose indentation the output already has: the next
        /// output is only outdented.
        case startIndented
        /// Past the start of the line.
        case middle
    }

    /// - Parameters:
    ///   - top: a value on top of `context`, looked up first as a section's value is.
    ///   - name: the template rendered, for errors.
    ///   - capacity: the bytes of output expected (a page's few KiB, a field's few bytes).
    package init(
        library: TemplateLibrary, escaping: TemplateEscaping, context: TemplateValue, top: TemplateValue? = nil,
        name: String,
        capacity: Int = 4096, rootHoldsConstants: Bool = false
    ) {
        self.library = library
        self.escaping = escaping
        constantsApply = rootHoldsConstants && escaping == .html
        self.stack = top.map { [context, $0] } ?? [context]
        self.templates = [name]
        output.reserveCapacity(capacity)
    }

    /// What `name` finds with `context` alone on the stack, or `top` on top of it.
    package static func lookup(_ name: TemplateName, in context: TemplateValue, top: TemplateValue? = nil)
        -> TemplateValue?
    {
        guard let first = name.first else { return top ?? context }
        let found = top?.member(first.name, key: first.key) ?? context.member(first.name, key: first.key)
        return found.flatMap { rest(of: name, after: $0) }
    }

    package mutating func render(_ nodes: [TemplateNode], blocks: [String: TemplateBlock]) throws(TemplateRenderError) {
        var index = 0
        while index < nodes.count {
            defer { index += 1 }
            switch nodes[index] {
            case .text(let bytes):
                if outdent.isEmpty && indentation.isEmpty {
                    output.append(contentsOf: bytes)
                    line = bytes.last == UInt8(ascii: "\n") ? .start : .middle
                } else {
                    appendReindented(bytes)
                }
            case .variable(let name, let escaped):
                startValue()
                Self.write(lookup(name), escaped: escaped, escaping: escaping, to: &output)
            case .constant(let name, let escaped, let bytes):
                startValue()
                if constantsApply, let first = name.first, !isShadowed(first) {
                    output.append(contentsOf: bytes)
                } else {
                    Self.write(lookup(name), escaped: escaped, escaping: escaping, to: &output)
                }
            case .section(let name, let children, let inverted):
                try renderSection(lookup(name), children, inverted: inverted, blocks: blocks)
            case .block(let name, let block, let indentation):
                try expand(blocks[name] ?? block, at: block, indentation: indentation, blocks: blocks)
            case .partial(let name, let indentation):
                guard let partial = library.partial(named: name, indentation: indentation) else { continue }
                try enter(partial, named: name, blocks: [:])
            case .parent(let name, let overrides, let indentation):
                guard let parent = library.template(named: name) else { continue }
                let outer = (outdent, self.indentation)
                defer { (outdent, self.indentation) = outer }
                outdent = []
                if !indentation.isEmpty {
                    self.indentation = self.indentation.isEmpty ? indentation : self.indentation + indentation
                }
                // The outermost child's block wins over the blocks of the templates between it and the parent.
                try enter(
                    parent, named: name,
                    blocks: blocks.isEmpty ? overrides : overrides.merging(blocks) { _, outer in outer })
            }
        }
    }

    /// Puts the line's indentation before a value written at its start.
    @inline(__always)
    private mutating func startValue() {
        if line != .middle {
            if line == .start { output.append(contentsOf: indentation) }
            line = .middle
        }
    }

    /// Writes what a variable found: text (escaped if `escaped`), a flag as `true` or `false`, and nothing
    /// for a list, an object or no value.
    @inline(__always)
    static func write(_ value: TemplateValue?, escaped: Bool, escaping: TemplateEscaping, to output: inout [UInt8]) {
        switch value {
        case .text(let text)?:
            if escaped { escaping.append(text, to: &output) } else { output.append(contentsOf: text.utf8) }
        case .utf8(let bytes)?:
            if escaped { escaping.append(utf8: bytes, to: &output) } else { output.append(contentsOf: bytes) }
        case .bool(let flag)?:
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .list?, .object?, .json?, nil:
            break
        }
    }

    /// Whether a level above the root has `part`: a section's value, where a name that starts with it is
    /// found before the root's.
    private func isShadowed(_ part: TemplateName.Part) -> Bool {
        stack.withUnsafeBufferPointer { stack in
            var level = stack.count - 1
            while level > 0 {
                if stack[level].hasMember(part.name, key: part.key) { return true }
                level -= 1
            }
            return false
        }
    }

    /// Renders a block's content (the default `site`, or a child's replacement for it) where `site` is:
    /// the content's own indentation is taken off its lines and the site's put on them instead.
    private mutating func expand(
        _ content: TemplateBlock, at site: TemplateBlock, indentation: [UInt8], blocks: [String: TemplateBlock]
    ) throws(TemplateRenderError) {
        let outer = (outdent, self.indentation)
        defer { (outdent, self.indentation) = outer }
        outdent = content.indentation
        if !indentation.isEmpty {
            self.indentation = self.indentation.isEmpty ? indentation : self.indentation + indentation
        }
        if site.startsLine {
            line = .start
        } else if content.startsLine {
            line = .startIndented
        } else {
            line = .middle
        }
        try enter(content.nodes, blocks: blocks)
    }

    /// Appends template text, outdenting and indenting each of its lines.
    private mutating func appendReindented(_ bytes: [UInt8]) {
        var position = 0
        while position < bytes.count {
            if line != .middle {
                var matched = 0
                while matched < outdent.count, position < bytes.count, bytes[position] == outdent[matched] {
                    matched += 1
                    position += 1
                }
                guard position < bytes.count else { return }
                if line == .start { output.append(contentsOf: indentation) }
                line = .middle
            }
            var end = position
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if end < bytes.count {
                end += 1
                line = .start
            }
            output.append(contentsOf: bytes[position..<end])
            position = end
        }
    }

    private mutating func renderSection(
        _ value: TemplateValue?, _ children: [TemplateNode], inverted: Bool, blocks: [String: TemplateBlock]
    ) throws(TemplateRenderError) {
        guard let value else {
            if inverted { try enter(children, blocks: blocks) }
            return
        }
        if let elements = value.elements {
            if inverted {
                if elements.isEmpty { try enter(children, blocks: blocks) }
                return
            }
            for element in elements {
                try enter(children, with: element, blocks: blocks)
            }
            return
        }
        if case .bool(let flag) = value {
            if flag != inverted { try enter(children, blocks: blocks) }
            return
        }
        guard !inverted else { return }
        try enter(children, with: value, blocks: blocks)
    }

    /// Renders nodes one level deeper: a section's children (on top of `value`, if given), a block, or
    /// the template `name` of a partial or parent. Checks the limits first.
    private mutating func enter(
        _ nodes: [TemplateNode], named name: String? = nil, with value: TemplateValue? = nil,
        blocks: [String: TemplateBlock]
    ) throws(TemplateRenderError) {
        if let name { templates.append(name) }
        defer { if name != nil { templates.removeLast() } }
        if name != nil, templates.count - 1 > TemplateRenderError.Limit.partialDepth.value {
            throw failure(.partialDepth)
        }
        guard nesting < TemplateRenderError.Limit.nesting.value else { throw failure(.nesting) }
        guard expansions < TemplateRenderError.Limit.expansions.value else { throw failure(.expansions) }
        nesting += 1
        expansions += 1
        defer { nesting -= 1 }
        if let value { stack.append(value) }
        defer { if value != nil { stack.removeLast() } }
        try render(nodes, blocks: blocks)
    }

    private func failure(_ limit: TemplateRenderError.Limit) -> TemplateRenderError {
        TemplateRenderError(template: templates.last ?? "", path: templates, limit: limit)
    }

    private func lookup(_ name: TemplateName) -> TemplateValue? {
        guard let first = name.first else { return stack.last }
        // Through the buffer, so that each level is read in place instead of copied out.
        let found = stack.withUnsafeBufferPointer { stack -> TemplateValue? in
            var level = stack.count - 1
            while level >= 0 {
                if let member = stack[level].member(first.name, key: first.key) { return member }
                level -= 1
            }
            return nil
        }
        guard let found, !name.rest.isEmpty else { return found }
        return Self.rest(of: name, after: found)
    }

    /// What the rest of a dotted name finds in what its first part found.
    private static func rest(of name: TemplateName, after first: consuming TemplateValue) -> TemplateValue? {
        var found = first
        for part in name.rest {
            guard let next = found.member(part.name, key: part.key) else { return nil }
            found = next
        }
        return found
    }
}
