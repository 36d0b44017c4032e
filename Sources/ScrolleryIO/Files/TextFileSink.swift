/// Where text files are made a line at a time, one after another, so that a long file (a sitemap of
/// 50,000 URLs) never exists as one string.
package protocol TextFileSink {
    /// Starts the file `name`: the lines that follow go into it, until `finish`.
    mutating func start(_ name: String) throws
    /// Adds `line` and a line feed to the file started last.
    mutating func append(_ line: String) throws
    /// Adds the line `make` appends to the bytes it is given (valid UTF-8), and a line feed, to the file
    /// started last.
    mutating func appendLine(_ make: (inout [UInt8]) -> Void) throws
    /// Ends the file started last.
    mutating func finish() throws
}

extension TextFileSink {
    package mutating func appendLine(_ make: (inout [UInt8]) -> Void) throws {
        var line: [UInt8] = []
        make(&line)
        try append(String(decoding: line, as: UTF8.self))
    }
}
