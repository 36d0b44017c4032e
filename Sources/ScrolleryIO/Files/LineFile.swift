import Foundation

/// A new file written a line at a time through a 64 KiB buffer, so a long list (a manifest of 100,000
/// paths) never exists as one string.
package struct LineFile {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var isOpen = true
    private static let capacity = 64 * 1024

    package init(path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw POSIXFailure(errno: errno) }
        self.init(descriptor: descriptor)
    }

    /// A file already open for writing, which `close` closes.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.capacity)
    }

    /// Adds `line` and a line feed.
    package mutating func append(_ line: String) throws {
        try appendLine { $0.append(contentsOf: line.utf8) }
    }

    /// Adds the line `make` appends to the bytes it is given, and a line feed.
    package mutating func appendLine(_ make: (inout [UInt8]) -> Void) throws {
        make(&buffer)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= Self.capacity { try flush() }
    }

    /// Writes what is buffered and closes the file; once closed, does nothing.
    package mutating func close() throws {
        guard isOpen else { return }
        isOpen = false
        defer { SystemCalls.close(descriptor) }
        try flush()
    }

    private mutating func flush() throws {
        try buffer.withUnsafeBytes { try POSIXFailure.writeAll($0, to: descriptor) }
        buffer.removeAll(keepingCapacity: true)
    }
}
