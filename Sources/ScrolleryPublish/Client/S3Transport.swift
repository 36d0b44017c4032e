import ScrolleryCore
package import ScrolleryIO

/// What a request carries: nothing, bytes in memory, or a file read as it is sent.
package enum S3Body: Sendable, Equatable {
    case empty
    case bytes([UInt8])
    /// The file at `path`, which must still be `size` bytes long when it is sent.
    case file(path: String, size: Int64)
    /// `length` bytes of the file at `path` from `offset`: one part of a multipart upload.
    case fileRange(path: String, offset: Int64, length: Int64)
}

/// A signed request, ready to go: its URL (path and query encoded as signed), method, headers and body.
package struct S3OutgoingRequest: Sendable {
    package let method: String
    package let url: String
    package let headers: [HTTPHeader]
    package let body: S3Body

    package init(method: String, url: String, headers: [HTTPHeader], body: S3Body) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A server's answer: status, headers (names lowercased, repeats joined by `, `) and the whole body.
package struct S3IncomingResponse: Sendable, Equatable {
    package let status: Int
    package let headers: [String: String]
    package let body: [UInt8]

    package init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// A request that got no answer.
package struct S3TransportFailure: ScrolleryError, Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// No answer in time.
        case timeout
        /// Refused, reset or closed on the way: trying again may help.
        case connection
        /// A host name without an address, a certificate that does not verify: trying again cannot help.
        case permanent
        /// The deploy was stopped.
        case cancelled
        /// A local file to send could not be read.
        case localFile
    }

    package let kind: Kind
    package let reason: String

    package init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }
}

/// Sends one signed request and returns the answer; the S3 client signs, retries and reads it.
package protocol S3Transport: Sendable {
    func send(_ request: S3OutgoingRequest) async throws(S3TransportFailure) -> S3IncomingResponse
}

extension S3TransportFailure {
    package var problem: String { reason }
    package var description: String { reason }
}
