/// The keys a request is signed with. Its description shows the access key id only: the secret and the
/// session token never appear in a message or a log.
package struct S3Credentials: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    package let accessKeyID: String
    package let secretAccessKey: String
    /// The token of temporary credentials (`AWS_SESSION_TOKEN`), sent as `x-amz-security-token`.
    package let sessionToken: String?

    package init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    package var description: String { "access key id \(accessKeyID)" }
    package var debugDescription: String { description }
}
