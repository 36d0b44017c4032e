import Foundation

/// A failed system call, described as the system describes its error.
struct POSIXFailure: Error, LocalizedError {
    let errno: Int32
    var errorDescription: String? { String(cString: strerror(errno)) }
}
