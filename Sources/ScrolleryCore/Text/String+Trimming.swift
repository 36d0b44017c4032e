extension String {
    /// Without the Unicode whitespace (spaces, tabs, line breaks, no-break spaces…) at either end.
    ///
    /// The same as Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`, without the trip
    /// through `NSString`.
    package func trimmingWhitespace() -> String {
        // Text that starts and ends with a visible ASCII character (most text) has nothing to trim.
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !WhiteSpace.isWhiteSpace($0.value) }) else { return "" }
        guard let last = scalars.lastIndex(where: { !WhiteSpace.isWhiteSpace($0.value) }) else { return "" }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }
}
