extension String {
    /// Without the Unicode whitespace (spaces, tabs, line breaks, no-break spaces…) at either end.
    ///
    /// The same as Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`, without the trip
    /// through `NSString` that made it a visible cost per item.
    package func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        guard let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }
}
