import Foundation

/// The standard error stream, written with `write(2)`: when its reader has gone away (`2>&1 | head`), the
/// text is lost and the command goes on, where `FileHandle.write` would stop the program with a trap.
enum StandardError {
    static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
