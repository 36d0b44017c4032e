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
        /// A block's: the indentation its lines share. A parent's: the spaces before its tag, if only
        /// spaces are.
        package var indentation: [UInt8] = []
        /// A parent's: whether only spaces are before its tag on the line.
        package var clearsLeft = false
        /// A block's: whether its opening tag ended the line.
        package var startsLine = false
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
                // The text up to the next byte that could open a tag, at once.
                let textStart = index
                index += 1
                while index < bytes.count, bytes[index] != open[0] { index += 1 }
                text.append(contentsOf: bytes[textStart..<index])
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
            let left = lineStart(before: tagStart)
            let right = nextLine(after: tagEnd)
            // Inside a parent only blocks count, so what is beside a tag there does not keep it from being
            // standalone: a parent's tag needs only spaces before it, a block's opening tag only a line end
            // after it, a block's closing tag only spaces before it (the pair rules are at `{{/name}}`).
            let inParent: Bool
            if case .parent = frames[frames.count - 1].kind { inParent = true } else { inParent = false }
            if sigil.utf8.count == 1, "#^!>=$".utf8.contains(sigil.utf8[sigil.utf8.startIndex]),
                !(sigil == "$" && inParent), let start = left,
                let next = right
            {
                indentation = String(decoding: bytes[start..<tagStart], as: UTF8.self)
                text.removeLast(tagStart - start)
                index = next
            }

            switch sigil {
            case "!":
                continue
            case "=":
                guard body.hasSuffix("="),
                    case let parts = body.dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" }),
                    parts.count == 2, !parts[0].utf8.contains(UInt8(ascii: "=")),
                    !parts[1].utf8.contains(UInt8(ascii: "="))
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
            case "<":
                var frame = Frame(kind: .parent(try plainName(body, at: tagStart)), openedAt: tagStart)
                if let start = left {
                    frame.indentation = Array(bytes[start..<tagStart])
                    frame.clearsLeft = true
                    text.removeLast(tagStart - start)
                }
                flush()
                try checkNesting(frames.count - 1, at: tagStart)
                frames.append(frame)
            case "$":
                var frame = Frame(kind: .block(try plainName(body, at: tagStart)), openedAt: tagStart)
                if inParent, let next = right { index = next }
                frame.startsLine = index != tagEnd || (inParent && right != nil)
                if frame.startsLine {
                    frame.indentation = firstIndentation(from: index)
                } else if let start = left {
                    frame.indentation = Array(bytes[start..<tagStart])
                } else {
                    frame.indentation = enclosingIndentation(frames)
                }
                flush()
                try checkNesting(frames.count - 1, at: tagStart)
                frames.append(frame)
            case "/":
                guard frames.count > 1 else { throw error(at: tagStart, "`{{/\(body)}}` closes nothing") }
                let closed = frames[frames.count - 1]
                var closesParent = false
                if case .parent = closed.kind { closesParent = true }
                var parentAround = false
                if case .block = closed.kind, case .parent = frames[frames.count - 2].kind { parentAround = true }
                if let start = left, (parentAround || right != nil) && !closesParent {
                    text.removeLast(tagStart - start)
                    if !parentAround, let next = right { index = next }
                }
                flush()
                guard let frame = frames.popLast() else { throw error(at: tagStart, "`{{/\(body)}}` closes nothing") }
                guard frame.kind.name == body else {
                    throw error(
                        at: tagStart,
                        "`{{/\(body)}}` closes `\(frame.kind.name)`, opened on line \(line(of: frame.openedAt))")
                }
                if closesParent {
                    // A parent's pair is standalone when only spaces are before `{{<name}}` and after
                    // `{{/name}}`: the parent is then indented like the tag, and the line end goes with it.
                    let pair = frame.clearsLeft && right != nil
                    if let next = right, pair || left != nil { index = next }
                    if frame.clearsLeft, !pair { frames[frames.count - 1].nodes.append(.text(frame.indentation)) }
                    frames[frames.count - 1].nodes.append(
                        node(closing: frame, indentation: pair ? relative(frame.indentation, in: frames) : []))
                } else {
                    frames[frames.count - 1].nodes.append(
                        node(closing: frame, indentation: relative(frame.indentation, in: frames)))
                }
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

    private func node(closing frame: Frame, indentation: [UInt8]) -> TemplateNode {
        switch frame.kind {
        case .root: return .text([])
        case .section(let name, let inverted): return .section(name, frame.nodes, inverted: inverted)
        case .block(let name):
            let block = TemplateBlock(nodes: frame.nodes, indentation: frame.indentation, startsLine: frame.startsLine)
            return .block(name, block, indentation: indentation)
        case .parent(let name):
            var blocks: [String: TemplateBlock] = [:]
            for case .block(let blockName, let block, _) in frame.nodes where blocks[blockName] == nil {
                blocks[blockName] = block
            }
            return .parent(name, blocks: blocks, indentation: indentation)
        }
    }

    /// Where the line of `position` starts, if only spaces or tabs are between there and `position`.
    private func lineStart(before position: Int) -> Int? {
        var start = position
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") {
            guard bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") else { return nil }
            start -= 1
        }
        return start
    }

    /// Where the next line starts (or the text ends), if only spaces or tabs are between `position` and
    /// the end of its line.
    private func nextLine(after position: Int) -> Int? {
        var end = position
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") {
            end += 1
        }
        if end == bytes.count { return end }
        if bytes[end] == UInt8(ascii: "\n") { return end + 1 }
        if bytes[end] == UInt8(ascii: "\r"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\n") {
            return end + 2
        }
        return nil
    }

    /// The spaces and tabs that start the first line from `position` on that has anything else.
    private func firstIndentation(from position: Int) -> [UInt8] {
        var start = position
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") {
                end += 1
            }
            guard end < bytes.count else { return [] }
            if bytes[end] != UInt8(ascii: "\n") && bytes[end] != UInt8(ascii: "\r") {
                return Array(bytes[start..<end])
            }
            start = end + 1
        }
        return []
    }

    /// The indentation of the innermost block open.
    private func enclosingIndentation(_ frames: [Frame]) -> [UInt8] {
        for frame in frames.reversed() {
            if case .block = frame.kind { return frame.indentation }
        }
        return []
    }

    /// `indentation` less the indentation of the innermost block open (nothing, if it is not deeper).
    private func relative(_ indentation: [UInt8], in frames: [Frame]) -> [UInt8] {
        let outer = enclosingIndentation(frames)
        guard indentation.starts(with: outer) else { return [] }
        return Array(indentation.dropFirst(outer.count))
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
        // Bytes, not Foundation's search for a string in a string: this runs for every tag of every template.
        if text.utf8.contains(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") }) {
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
