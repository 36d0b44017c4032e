/// A pattern for paths under the output folder: `*` matches within one segment (no `/`), `**` matches
/// across segments, and `**/` also matches no folder at all (`**/*.pdf` matches `a.pdf`). Everything else
/// matches itself.
package struct PathGlob: Sendable, Equatable, CustomStringConvertible {
    private enum Token: Equatable {
        case byte(UInt8)
        case star
        case anything
        case anyFolders
    }

    package let description: String
    private let tokens: [Token]

    package init(_ pattern: String) {
        description = pattern
        var tokens: [Token] = []
        let bytes = Array(pattern.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "*") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    let atSegmentStart = index == 0 || bytes[index - 1] == UInt8(ascii: "/")
                    if atSegmentStart, index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "/") {
                        tokens.append(.anyFolders)
                        index += 3
                    } else {
                        tokens.append(.anything)
                        index += 2
                        // `***` is `**`.
                        while index < bytes.count, bytes[index] == UInt8(ascii: "*") { index += 1 }
                    }
                } else {
                    tokens.append(.star)
                    index += 1
                }
            } else {
                tokens.append(.byte(bytes[index]))
                index += 1
            }
        }
        self.tokens = tokens
    }

    /// Whether the whole of `path` matches. Dynamic programming over the pattern and the path: time
    /// proportional to their product, whatever the pattern.
    package func matches(_ path: String) -> Bool {
        let text = Array(path.utf8)
        // reachable[j]: the tokens so far can match exactly text[0..<j].
        var reachable = [Bool](repeating: false, count: text.count + 1)
        reachable[0] = true
        for token in tokens {
            var next = [Bool](repeating: false, count: text.count + 1)
            switch token {
            case .byte(let byte):
                for j in 0..<text.count where reachable[j] && text[j] == byte { next[j + 1] = true }
            case .star:
                for j in 0...text.count where reachable[j] {
                    next[j] = true
                    var k = j
                    while k < text.count, text[k] != UInt8(ascii: "/"), !next[k + 1] {
                        next[k + 1] = true
                        k += 1
                    }
                }
            case .anything:
                if let first = reachable.firstIndex(of: true) {
                    for j in first...text.count { next[j] = true }
                }
            case .anyFolders:
                // Nothing, or anything that ends with `/`.
                if let first = reachable.firstIndex(of: true) {
                    next[first] = true
                    for j in first..<text.count where text[j] == UInt8(ascii: "/") { next[j + 1] = true }
                    for j in first...text.count where reachable[j] { next[j] = true }
                }
            }
            reachable = next
        }
        return reachable[text.count]
    }
}
