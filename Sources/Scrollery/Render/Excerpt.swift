import Foundation

/// The short text on a card: the description's plain text cut at a word boundary.
enum Excerpt {
    static let maximumLength = 160

    static func make(from text: String) -> String? {
        guard !text.isEmpty else { return nil }
        guard text.count > maximumLength else { return text }
        let cut = text.prefix(maximumLength)
        var atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        // Only the end is trimmed: an opening quote or bracket stays.
        while let last = atWord.last, last.isPunctuation || last.isWhitespace { atWord = atWord.dropLast() }
        return atWord + "…"
    }
}
