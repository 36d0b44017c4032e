/// Parses Mustache text into nodes: variables, sections, inverted sections, comments, partials, set
/// delimiters, and template inheritance (parents and blocks), with the spec's rule that a tag alone on
/// its line (other than a variable) leaves no blank line behind.
package struct TemplateParser {
    /// Sections, parents and blocks inside one another at most: deeper nesting is refused as a syntax
    /// error, so that no later walk of the nodes (rendering, checking, freeing) can overflow the stack.
    package static let nestingLimit = 100

    private let bytes: [UInt8]
    private var index = 0
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)

    private enum Kind {
        case root
        case section(TemplateName, inverted: Bool)
        case parent(String)
        case block(String)

        package var name: String {
            switch self {
            case .root: return ""
            case .section(let name, _): return name.text
            case .parent(let name), .block(let name): return name
            }
        }
    }

    private struct Frame {
        package let kind: Kind
        package let openedAt: Int
        package var nodes: [TemplateNode] = []
    }

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    package static func parse(_ text: String) throws(TemplateSyntaxError) -> [TemplateNode] {
        var parser = TemplateParser(text)
        return try parser.parse()
    }

    private mutating func parse() throws(TemplateSyntaxError) -> [TemplateNode] {
        var frames = [Frame(kind: .root, openedAt: 0)]
        var text: [UInt8] = []
        func flush() {
            guard !text.isEmpty else { return }
            frames[frames.count - 1].nodes.append(.text(text))
            text = []
        }
        while index < bytes.count {
            guard starts(with: open, at: index) else {
                text.append(bytes[index])
                index += 1
                continue
            }
            let tagStart = index
            var contentStart = index + open.count
            var closing = close
            let triple =
                open == Array("{{".utf8) && contentStart < bytes.count && bytes[contentStart] == UInt8(ascii: "{")
            if triple {
                contentStart += 1
                closing = [UInt8(ascii: "}")] + close
            }
            guard let contentEnd = find(closing, from: contentStart) else {
                throw error(at: tagStart, "the tag `\(snippet(from: tagStart))` is never closed")
            }
            let content = String(decoding: bytes[contentStart..<contentEnd], as: UTF8.self)
                .trimmingWhitespace()
            let tagEnd = contentEnd + closing.count
            let sigil = triple ? "{" : content.first.map(String.init) ?? ""
            let body = triple ? content : String(content.dropFirst()).trimmingWhitespace()

            var indentation = ""
            index = tagEnd
            if "#^/!><$=".contains(sigil), !sigil.isEmpty, let line = standaloneLine(tagStart: tagStart, tagEnd: tagEnd)
            {
                indentation = String(decoding: bytes[line.start..<tagStart], as: UTF8.self)
                text.removeLast(tagStart - line.start)
                index = line.next
            }

            switch sigil {
            case "!":
                continue
            case "=":
                guard body.hasSuffix("="),
                    case let parts = body.dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" }),
                    parts.count == 2, !parts[0].contains("="), !parts[1].contains("=")
                else {
                    throw error(
                        at: tagStart, "`\(snippet(from: tagStart))` should set two delimiters, like `{{=<% %>=}}`")
                }
                open = Array(parts[0].utf8)
                close = Array(parts[1].utf8)
            case "#", "^":
                flush()
                try checkNesting(frames.count - 1, at: tagStart)
                frames.append(
                    Frame(kind: .section(try name(body, at: tagStart), inverted: sigil == "^"), openedAt: tagStart))
            case "<", "$":
                flush()
                let name = try plainName(body, at: tagStart)
                try checkNesting(frames.count - 1, at: tagStart)
                frames.append(Frame(kind: sigil == "<" ? .parent(name) : .block(name), openedAt: tagStart))
            case "/":
                flush()
                guard frames.count > 1, let frame = frames.popLast() else {
                    throw error(at: tagStart, "`{{/\(body)}}` closes nothing")
                }
                guard frame.kind.name == body else {
                    throw error(
                        at: tagStart,
                        "`{{/\(body)}}` closes `\(frame.kind.name)`, opened on line \(line(of: frame.openedAt))")
                }
                frames[frames.count - 1].nodes.append(node(closing: frame))
            case ">":
                flush()
                frames[frames.count - 1].nodes.append(
                    .partial(try plainName(body, at: tagStart), indentation: indentation))
            case "%":
                throw error(at: tagStart, "pragmas (`{{%…}}`) are not supported")
            case "{", "&":
                flush()
                frames[frames.count - 1].nodes.append(.variable(try name(body, at: tagStart), escaped: false))
            default:
                flush()
                frames[frames.count - 1].nodes.append(.variable(try name(content, at: tagStart), escaped: true))
            }
        }
        flush()
        if frames.count > 1, let open = frames.last {
            throw error(
                at: open.openedAt, "`\(open.kind.name)`, opened here, is never closed with `{{/\(open.kind.name)}}`")
        }
        return frames[0].nodes
    }

    private func node(closing frame: Frame) -> TemplateNode {
        switch frame.kind {
        case .root: return .text([])
        case .section(let name, let inverted): return .section(name, frame.nodes, inverted: inverted)
        case .block(let name): return .block(name, frame.nodes)
        case .parent(let name):
            var blocks: [String: [TemplateNode]] = [:]
            for case .block(let blockName, let nodes) in frame.nodes where blocks[blockName] == nil {
                blocks[blockName] = nodes
            }
            return .parent(name, blocks: blocks)
        }
    }

    /// The line around a tag, when the tag is alone on it (only spaces or tabs beside it): where the line
    /// starts, and where the next one does.
    private func standaloneLine(tagStart: Int, tagEnd: Int) -> (start: Int, next: Int)? {
        var start = tagStart
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") {
            guard bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") else { return nil }
            start -= 1
        }
        var end = tagEnd
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") {
            end += 1
        }
        if end == bytes.count { return (start, end) }
        if bytes[end] == UInt8(ascii: "\n") { return (start, end + 1) }
        if bytes[end] == UInt8(ascii: "\r"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\n") {
            return (start, end + 2)
        }
        return nil
    }

    /// Refuses a section, parent or block opened at `position` inside `open` others, past the limit.
    private func checkNesting(_ open: Int, at position: Int) throws(TemplateSyntaxError) {
        guard open >= Self.nestingLimit else { return }
        throw error(
            at: position,
            "`\(snippet(from: position))` opens a section, parent or block inside \(open) others: "
                + "templates may nest at most \(Self.nestingLimit) levels deep; close some sections first")
    }

    private func name(_ text: String, at position: Int) throws(TemplateSyntaxError) -> TemplateName {
        if text.contains("(") || text.contains(")") {
            throw error(
                at: position, "`\(text)` is a transform, and templates see data only (no transforms or lambdas)")
        }
        guard let name = TemplateName(text) else {
            throw error(at: position, "`\(text)` is not a name (use `name`, `name.child` or `.`)")
        }
        return name
    }

    private func plainName(_ text: String, at position: Int) throws(TemplateSyntaxError) -> String {
        guard !text.isEmpty else { throw error(at: position, "a partial, parent or block needs a name") }
        return text
    }

    private func starts(with needle: [UInt8], at position: Int) -> Bool {
        guard position + needle.count <= bytes.count else { return false }
        for offset in 0..<needle.count where bytes[position + offset] != needle[offset] { return false }
        return true
    }

    private func find(_ needle: [UInt8], from position: Int) -> Int? {
        var candidate = position
        while candidate + needle.count <= bytes.count {
            if starts(with: needle, at: candidate) { return candidate }
            candidate += 1
        }
        return nil
    }

    private func line(of position: Int) -> Int {
        1 + bytes[..<min(position, bytes.count)].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    private func snippet(from position: Int) -> String {
        let end = min(bytes.count, position + 24)
        let text = String(decoding: bytes[position..<end], as: UTF8.self)
        return (text.split(separator: "\n").first.map(String.init) ?? text) + (end < bytes.count ? "…" : "")
    }

    private func error(at position: Int, _ problem: String) -> TemplateSyntaxError {
        TemplateSyntaxError(line: line(of: position), problem: problem)
    }
}
