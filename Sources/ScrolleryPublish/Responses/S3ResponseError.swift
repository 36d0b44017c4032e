import ScrolleryCore
/// A server answer that is not what the request calls for: not XML, or missing what it must carry.
package struct S3ResponseError: ScrolleryError, Sendable, Equatable {
    /// Which answer: `ListObjectsV2`, `DeleteObjects`, `an error response`.
    package let response: String
    package let problem: String

    package var description: String {
        "The server's \(response) answer cannot be used: \(problem). Check that the endpoint is an S3 API."
    }
}

extension S3ResponseError {
    /// The response that could not be read.
    package var place: String { response }
}
