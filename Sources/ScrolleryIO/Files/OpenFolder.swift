import Foundation

/// A folder held open: files in it are made and found by their path relative to it, so the kernel walks
/// only the names below it, not the whole absolute path every time. Closed when the last holder lets go;
/// while any holder has it, the descriptor cannot name another folder.
package final class OpenFolder: Sendable {
    package let path: String
    package let descriptor: Int32

    package init(_ path: String) throws(POSIXFailure) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXFailure(errno: errno) }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
