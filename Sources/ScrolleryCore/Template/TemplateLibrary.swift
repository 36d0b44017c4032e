/// Parsed templates by name, so that partials (`{{>card}}`) and parents (`{{<base}}`) can be found.
///
/// A partial alone on an indented line is indented line by line, as the Mustache spec asks: the
/// library keeps an indented copy of it, parsed once, instead of indenting at every render.
package struct TemplateLibrary: Sendable {
    private var templates: [String: [TemplateNode]] = [:]
    private var indented: [String: [TemplateNode]] = [:]

    /// Indented copies made at most, so partials that include themselves with indentation stay bounded.
    private static let indentedLimit = 256

    /// A library without templates.
    package init() {}

    /// Parses every template.
    /// - Parameter sources: each template's text by name.
    /// - Throws: the first template that cannot be parsed, with its name.
    package init(_ sources: [String: String]) throws(TemplateLibraryError) {
        for name in sources.keys.sorted() {
            do {
                templates[name] = try TemplateParser.parse(sources[name] ?? "")
            } catch {
                throw TemplateLibraryError(template: name, error: error)
            }
        }
        var pending = templates.values.flatMap(Self.indentedPartials)
        while let (name, indentation) = pending.popLast(), indented.count < Self.indentedLimit {
            let key = Self.key(name, indentation)
            guard indented[key] == nil, let source = sources[name] else { continue }
            // The indented text parses as the original did: indentation is only spaces and tabs.
            guard let nodes = try? TemplateParser.parse(Self.indent(source, with: indentation)) else { continue }
            indented[key] = nodes
            pending += Self.indentedPartials(in: nodes)
        }
    }

    /// The same templates in storage of their own, for another thread to render with.
    ///
    /// A render retains and releases the nodes it walks. Threads rendering with one library write the same
    /// reference counts, and the cache lines that hold them go back and forth between the cores. A
    /// library per thread keeps each thread's writes in its own cache.
    package func independentCopy() -> TemplateLibrary {
        func copy(_ templates: [String: [TemplateNode]]) -> [String: [TemplateNode]] {
            Dictionary(
                uniqueKeysWithValues: templates.map { name, nodes in
                    (TemplateValue.independentCopy(of: name), nodes.map { $0.independentCopy() })
                })
        }
        var library = TemplateLibrary()
        library.templates = copy(templates)
        library.indented = copy(indented)
        return library
    }

    /// The nodes of a template, or nothing if the library has no template of that name.
    package func template(named name: String) -> [TemplateNode]? {
        templates[name]
    }

    package func partial(named name: String, indentation: String) -> [TemplateNode]? {
        indentation.isEmpty ? templates[name] : indented[Self.key(name, indentation)] ?? templates[name]
    }

    /// Every partial and parent the templates name, by the template that names it (for checking a theme).
    package var references: [(template: String, name: String)] {
        templates.keys.sorted().flatMap { template in
            Self.references(in: templates[template] ?? []).map { (template, $0.name) }
        }
    }

    /// The output a page starts with room for: most item pages of the default theme are 4–8 KiB, and room
    /// made once costs less than growing it and copying what was written.
    private static let pageCapacity = 8192

    /// Renders a template of the library.
    /// - Parameter rootHoldsConstants: whether `context` has the names and values of the constants the
    ///   library was bound to (`binding(_:)`), beside names of its own: then, with `.html` escaping, a
    ///   variable that starts with one of them writes what the binding worked out, unless a section's value
    ///   has that first name.
    /// - Throws: when the render reaches one of the renderer's limits (a partial that includes itself, say).
    package func render(
        _ name: String, _ context: TemplateValue, escaping: TemplateEscaping = .html, rootHoldsConstants: Bool = false
    ) throws(TemplateRenderError) -> [UInt8] {
        guard let nodes = templates[name] else { return [] }
        var renderer = TemplateRenderer(
            library: self, escaping: escaping, context: context, name: name, capacity: Self.pageCapacity,
            rootHoldsConstants: rootHoldsConstants)
        try renderer.render(nodes, blocks: [:])
        return renderer.output
    }

    /// The same templates with each variable whose first name is one of `constants` bound to what it
    /// writes there, escaped as `.html` escapes (`TemplateNode.constant`): every page has the same site and
    /// words, so they are looked up and escaped once instead of on every page. A bound library bound again
    /// holds the new constants' values alone.
    package func binding(_ constants: TemplateObject) -> TemplateLibrary {
        let root = TemplateValue.object(constants)
        var library = self
        library.templates = templates.mapValues { Self.bind($0, to: root) }
        library.indented = indented.mapValues { Self.bind($0, to: root) }
        return library
    }

    private static func bind(_ nodes: [TemplateNode], to root: TemplateValue) -> [TemplateNode] {
        func bound(_ block: TemplateBlock) -> TemplateBlock {
            TemplateBlock(
                nodes: bind(block.nodes, to: root), indentation: block.indentation, startsLine: block.startsLine)
        }
        return nodes.map { node in
            switch node {
            // A library bound before is bound again from its names: no value of other constants is kept.
            case .variable(let name, let escaped), .constant(let name, let escaped, _):
                guard let first = name.first, root.hasMember(first.name, key: first.key) else {
                    return .variable(name, escaped: escaped)
                }
                var output: [UInt8] = []
                TemplateRenderer.write(
                    TemplateRenderer.lookup(name, in: root), escaped: escaped, escaping: .html, to: &output)
                return .constant(name, escaped: escaped, output: output)
            case .section(let name, let children, let inverted):
                return .section(name, bind(children, to: root), inverted: inverted)
            case .parent(let name, let blocks, let indentation):
                return .parent(name, blocks: blocks.mapValues(bound), indentation: indentation)
            case .block(let name, let block, let indentation):
                return .block(name, bound(block), indentation: indentation)
            case .text, .partial:
                return node
            }
        }
    }

    private static func key(_ name: String, _ indentation: String) -> String {
        name + "\u{0}" + indentation
    }

    private static func indent(_ source: String, with indentation: String) -> String {
        var result = ""
        var atLineStart = true
        for character in source {
            if atLineStart {
                result += indentation
                atLineStart = false
            }
            result.append(character)
            if character == "\n" || character == "\r\n" { atLineStart = true }
        }
        return result
    }

    /// The partials with their indentation (empty unless alone on an indented line) and the parents
    /// (indentation empty) that the nodes name, at any depth.
    private static func references(in nodes: [TemplateNode]) -> [(name: String, indentation: String)] {
        nodes.flatMap { node -> [(name: String, indentation: String)] in
            switch node {
            case .partial(let name, let indentation): return [(name, indentation)]
            case .parent(let name, let blocks, _):
                return [(name, "")] + blocks.keys.sorted().flatMap { references(in: blocks[$0]?.nodes ?? []) }
            case .block(_, let block, _): return references(in: block.nodes)
            case .section(_, let children, _): return references(in: children)
            case .text, .variable, .constant: return []
            }
        }
    }

    /// The partials the nodes name alone on an indented line, with that indentation.
    private static func indentedPartials(in nodes: [TemplateNode]) -> [(name: String, indentation: String)] {
        references(in: nodes).filter { !$0.indentation.isEmpty }
    }
}

/// A template of a library that cannot be parsed.
package struct TemplateLibraryError: ScrolleryError, Sendable {
    package let template: String
    package let error: TemplateSyntaxError
    package var description: String { "\(template), \(error)" }
}

extension TemplateLibraryError {
    package var place: String { template }
    package var problem: String { error.description }
    package var underlying: (any Error)? { error }
}
