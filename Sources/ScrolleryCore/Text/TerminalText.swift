/// Text from a source made safe for a terminal: an id or a title with ESC, BEL or another control
/// character must not retitle, clear or recolour the terminal of the person who runs a build.
public enum TerminalText {
    /// `text` with every C0 and C1 control character but tab and newline (and DEL) written as `\u001B`.
    /// - Parameter text: a message that may carry text from a source.
    /// - Returns: the message, printable as it is.
    public static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: ControlCharacters.isUnwanted) else { return text }
        var shown = ""
        shown.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if ControlCharacters.isUnwanted(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                shown += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}
