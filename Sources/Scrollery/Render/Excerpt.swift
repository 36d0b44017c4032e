import Foundation

/// The short text on a card: the description's plain text cut at a word boundary.
enum Excerpt {
    static let maximumLength = 160

    static func make(from text: String) -> String? {
        guard !text.isEmpty else { return nil }
        guard text.count > maximumLength else { return text }
        let cut = text.prefix(maximumLength)
        let atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return atWord.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
    }
}
