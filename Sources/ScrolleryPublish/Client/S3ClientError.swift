import ScrolleryCore

/// A request the deploy could not carry out, with what to check. It may name the access key id; it never
/// holds the secret or the session token.
package struct S3ClientError: ScrolleryError, Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// The credentials or their rights: 403, a wrong signature, an unknown key id, an expired token.
        case access
        /// The bucket does not exist at this endpoint.
        case noSuchBucket
        /// The object asked for does not exist.
        case noSuchKey
        /// The region or the endpoint does not fit the bucket.
        case wrongRegion
        /// Passing trouble that lasted past the retries.
        case gaveUp
        /// Another answer the request cannot go on from.
        case refused
        /// No connection, or one that cannot be made.
        case unreachable
        /// An answer that is not S3's.
        case badResponse
        /// A local file to upload could not be read.
        case localFile
        case cancelled
    }

    package let kind: Kind
    /// What failed and where: `PUT s3://bucket/key: 403 SignatureDoesNotMatch (…)`.
    package let problem: String
    /// What to do about it.
    package let fix: String

    package init(_ kind: Kind, problem: String, fix: String) {
        self.kind = kind
        self.problem = problem
        self.fix = fix
    }

    package var description: String { fix.isEmpty ? problem : "\(problem). \(fix)" }

    /// The error for an answer `status` with the S3 error `code` and `message` (from the server, shown
    /// cleaned and cut short).
    package static func answer(
        status: Int, code: String?, message: String?, operation: String, credentials: S3Credentials,
        endpoint: S3Endpoint
    ) -> S3ClientError {
        var shown = "\(operation): HTTP \(status)"
        if let code, !code.isEmpty { shown += " \(Self.cleaned(code, limit: 64))" }
        if let message, !message.isEmpty { shown += " (\(Self.cleaned(message, limit: 300)))" }
        let keyID = "access key id \(Self.cleaned(credentials.accessKeyID, limit: 128))"
        switch code {
        case "SignatureDoesNotMatch":
            return S3ClientError(
                .access, problem: shown,
                fix: "Check AWS_SECRET_ACCESS_KEY: it does not belong to \(keyID). "
                    + "Check also that this machine's clock is right.")
        case "InvalidAccessKeyId":
            return S3ClientError(
                .access, problem: shown,
                fix: "Check AWS_ACCESS_KEY_ID (\(keyID)) and that the endpoint is the one the key was made for.")
        case "ExpiredToken", "InvalidToken", "TokenRefreshRequired":
            return S3ClientError(
                .access, problem: shown, fix: "Check AWS_SESSION_TOKEN: renew the temporary credentials.")
        case "RequestTimeTooSkewed":
            return S3ClientError(.access, problem: shown, fix: "Set this machine's clock right (NTP).")
        case "NoSuchBucket":
            return S3ClientError(
                .noSuchBucket, problem: shown,
                fix: "Check the bucket name in --to (or deploy.to), and that the endpoint (\(endpoint.host)) "
                    + "and region (\(endpoint.region)) are where it lives; create it first if it is new.")
        case "NoSuchKey":
            return S3ClientError(.noSuchKey, problem: shown, fix: "")
        case "AuthorizationHeaderMalformed", "PermanentRedirect", "IllegalLocationConstraintException":
            return S3ClientError(
                .wrongRegion, problem: shown,
                fix: "Check the region (\(endpoint.region)): pass the bucket's region with --region or AWS_REGION.")
        default:
            break
        }
        if status == 403 || status == 401 {
            return S3ClientError(
                .access, problem: shown,
                fix: "Check that \(keyID) may list, read, write and delete objects in this bucket, "
                    + "and that AWS_SECRET_ACCESS_KEY is its secret.")
        }
        if status == 301 || status == 307 {
            return S3ClientError(
                .wrongRegion, problem: shown,
                fix: "The bucket lives in another region: pass it with --region or AWS_REGION.")
        }
        if status == 404 {
            return S3ClientError(
                .noSuchBucket, problem: shown, fix: "Check the bucket name and the endpoint (\(endpoint.host)).")
        }
        return S3ClientError(.refused, problem: shown, fix: "")
    }

    /// Server text made safe to print: control characters removed, at most `limit` characters.
    static func cleaned(_ text: String, limit: Int) -> String {
        let shown = TerminalText.shown(text)
        return shown.count > limit ? String(shown.prefix(limit)) + "…" : shown
    }
}
