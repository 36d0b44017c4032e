/// A render that stopped at one of the renderer's limits instead of recursing until the stack overflows
/// or repeating until the build hangs.
package struct TemplateRenderError: ScrolleryError, Sendable {
    /// The limits of one render.
    package enum Limit: Sendable, Equatable {
        /// Partials and parents inside one another, each counted once however deep it sits.
        case partialDepth
        /// Sections, blocks, partials and parents open at once: what the context stack and the call
        /// stack grow with.
        case nesting
        /// Sections (each element of a list once), blocks, partials and parents entered in one render.
        case expansions

        /// The largest allowed.
        package var value: Int {
            switch self {
            case .partialDepth: return 64
            case .nesting: return 256
            case .expansions: return 100_000
            }
        }

        /// The value as a message shows it.
        package var text: String { self == .expansions ? "100,000" : String(value) }
    }

    /// The template being rendered when the limit was reached: a theme template's name (`card`), or the
    /// config key of an item field or URL (`item.title`).
    package let template: String
    /// The templates from the one rendered first to `template`, through the partials and parents between.
    package let path: [String]
    package let limit: Limit

    package var description: String {
        "The template `\(template)`\(trail) stopped rendering: \(problem)"
    }

    /// The templates that led to this one, in parentheses, if any did.
    package var trail: String {
        path.count > 1 ? " (\(Self.shortened(path)))" : ""
    }

    /// Which limit, and what to do.
    package var problem: String {
        switch limit {
        case .partialDepth:
            return """
                partials and parents nest more than \(limit.text) levels deep. A partial probably includes \
                itself, directly or through another template: make the inclusion stop, or remove it.
                """
        case .nesting:
            return """
                sections, blocks and partials are open more than \(limit.text) levels deep at once. A partial \
                probably includes itself inside a section: make the inclusion stop, or nest less.
                """
        case .expansions:
            return """
                sections, blocks and partials were entered more than \(limit.text) times in one \
                render. A section probably repeats inside a list of itself, or a partial includes itself more \
                than once: simplify the template.
                """
        }
    }

    /// The path, with a long run in the middle left out.
    private static func shortened(_ path: [String]) -> String {
        guard path.count > 8 else { return path.joined(separator: " → ") }
        return (path.prefix(4) + ["…"] + path.suffix(3)).joined(separator: " → ")
    }
}

extension TemplateRenderError {
    package var place: String { template }
}
