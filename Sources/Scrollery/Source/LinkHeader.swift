import Foundation

/// RFC 8288 `Link` headers: `<https://api.example/items?page=2>; rel="next", <…>; rel="last"`.
enum LinkHeader {
    /// The absolute URL of the `rel="next"` link, resolved against the response's URL.
    static func next(in header: String?, relativeTo base: String) -> String? {
        guard let header else { return nil }
        for link in split(header) {
            guard let open = link.firstIndex(of: "<"), let close = link.firstIndex(of: ">"), open < close else {
                continue
            }
            let target = String(link[link.index(after: open)..<close])
            let parameters = link[link.index(after: close)...].split(separator: ";")
            let isNext = parameters.contains { parameter in
                let pair = parameter.split(separator: "=", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }
                return pair.count == 2 && pair[0].lowercased() == "rel"
                    && pair[1].lowercased().split(separator: " ").contains("next")
            }
            if isNext {
                return URL(string: target, relativeTo: URL(string: base))?.absoluteString
            }
        }
        return nil
    }

    /// Splits at the commas between links, not those inside `<…>` or quotes.
    private static func split(_ header: String) -> [Substring] {
        var parts: [Substring] = []
        var start = header.startIndex
        var inAngle = false
        var inQuote = false
        for index in header.indices {
            switch header[index] {
            case "<" where !inQuote: inAngle = true
            case ">" where !inQuote: inAngle = false
            case "\"" where !inAngle: inQuote.toggle()
            case "," where !inAngle && !inQuote:
                parts.append(header[start..<index])
                start = header.index(after: index)
            default: break
            }
        }
        parts.append(header[start...])
        return parts
    }
}
