import Foundation
package import ScrolleryCore
import ScrolleryIO

/// Talks to one bucket: signs every request with Signature Version 4, sends it, retries passing trouble
/// as `policy` says, and turns answers into results or `S3ClientError`s that say what to check.
package struct S3Client: Sendable {
    package let transport: any S3Transport
    package let signer: SigV4Signer
    package let requests: S3Requests
    package let policy: S3RetryPolicy
    /// Told of each attempt (`PUT s3://b/k → 200`, retries and their waits); never of headers.
    package let log: @Sendable (String) -> Void
    /// Told of each wait caused by `SlowDown`, so the caller can send fewer requests at once.
    package let onSlowDown: @Sendable () -> Void
    /// Where the jitter of a retry's wait comes from.
    package let jitter: JitterSource
    /// What a retry waits on, and a request's retries are timed by.
    package let clock: any WaitClock

    package init(
        transport: any S3Transport, credentials: S3Credentials, endpoint: S3Endpoint, location: S3Location,
        policy: S3RetryPolicy = S3RetryPolicy(), log: @escaping @Sendable (String) -> Void = { _ in },
        onSlowDown: @escaping @Sendable () -> Void = {}, jitter: JitterSource = .system,
        clock: any WaitClock = SystemWaitClock()
    ) {
        self.transport = transport
        self.signer = SigV4Signer(credentials: credentials, region: endpoint.region)
        self.requests = S3Requests(endpoint: endpoint, location: location)
        self.policy = policy
        self.log = log
        self.onSlowDown = onSlowDown
        self.jitter = jitter
        self.clock = clock
    }

    /// Uploads the file at `filePath` as the object of `file.path`, with its MD5 as `Content-MD5` (S3
    /// refuses a body that does not match) and `x-amz-meta-md5`.
    package func put(_ file: LocalFile, from filePath: String, headers: UploadHeaders) async throws(S3ClientError) {
        let made: (address: S3Address, request: SigV4Request)
        do {
            made = try requests.putObject(path: file.path, md5Hex: file.md5, headers: headers)
        } catch {
            throw S3ClientError(.refused, problem: error.description, fix: "")
        }
        _ = try await send(
            address: made.address, request: made.request, payload: .unsigned,
            body: .file(path: filePath, size: file.size),
            operation: "PUT s3://\(requests.location.bucket)/\(requests.location.key(for: file.path))")
    }

    /// Deletes one batch of keys. DeleteObjects answers 200 even when keys failed, so the answer is read:
    /// any failure is an error that names the keys.
    package func delete(_ batch: DeleteObjectsBatch) async throws(S3ClientError) {
        let (address, request) = requests.deleteObjects(batch)
        let operation = "DeleteObjects of \(batch.keys.count) keys in \(requests.location)"
        let response = try await send(
            address: address, request: request, payload: .of(batch.body), body: .bytes(batch.body),
            operation: operation)
        let result: DeleteObjectsResult
        do {
            result = try DeleteObjectsResult(parsing: response.body)
        } catch {
            throw S3ClientError(.badResponse, problem: "\(operation): \(error.description)", fix: "")
        }
        guard result.failures.isEmpty else {
            let shown = result.failures.prefix(5).map {
                "\(S3ClientError.cleaned($0.key, limit: 200)) (\(S3ClientError.cleaned($0.code, limit: 64)))"
            }
            let more = result.failures.count > 5 ? " and \(result.failures.count - 5) more" : ""
            throw S3ClientError(
                .refused,
                problem: "\(operation): \(result.failures.count) keys were not deleted: "
                    + shown.joined(separator: ", ") + more,
                fix: "Check that the credentials may delete objects; the next deploy tries again.")
        }
    }

    /// Signs and sends one request, again after each passing failure, until it succeeds or the policy
    /// gives up. A non-2xx answer becomes an `S3ClientError`.
    package func send(
        address: S3Address, request: SigV4Request, payload: PayloadHash, body: S3Body, operation: String
    ) async throws(S3ClientError) -> S3IncomingResponse {
        let started = clock.elapsed
        var attempt = 0
        while true {
            attempt += 1
            if Task.isCancelled { throw S3ClientError(.cancelled, problem: "\(operation): cancelled", fix: "") }
            let signature = signer.sign(request, payload: payload, at: Self.now())
            var headers = request.headers
            headers.append(HTTPHeader("Host", request.host))
            headers.append(contentsOf: signature.headersToAdd)
            let outgoing = S3OutgoingRequest(
                method: request.method, url: address.url(of: request), headers: headers, body: body)
            let trouble: S3RetryPolicy.Trouble
            let reason: String
            var retryAfter: Duration?
            do {
                let response = try await transport.send(outgoing)
                log("\(operation) → \(response.status)")
                if (200..<300).contains(response.status) { return response }
                let error = try? S3ErrorResponse(parsing: response.body)
                switch (response.status, error?.code) {
                case (_, "SlowDown"):
                    trouble = .slowDown
                case (500, _), (502, _), (503, _), (504, _), (_, "InternalError"), (_, "RequestTimeout"):
                    trouble = .transient
                default:
                    throw S3ClientError.answer(
                        status: response.status, code: error?.code, message: error?.message, operation: operation,
                        credentials: signer.credentials, endpoint: requests.endpoint)
                }
                reason =
                    "HTTP \(response.status)" + (error.map { " \(S3ClientError.cleaned($0.code, limit: 64))" } ?? "")
                retryAfter = RateLimitHeaders(response.headers).retryAfter(now: Date())
            } catch let failure as S3TransportFailure {
                switch failure.kind {
                case .timeout, .connection:
                    trouble = .transient
                    reason = failure.reason
                case .cancelled:
                    throw S3ClientError(.cancelled, problem: "\(operation): cancelled", fix: "")
                case .localFile:
                    throw S3ClientError(.localFile, problem: "\(operation): \(failure.reason)", fix: "")
                case .permanent:
                    throw S3ClientError(
                        .unreachable, problem: "\(operation): \(failure.reason)",
                        fix: "Check the endpoint (--endpoint, deploy.endpoint or AWS_ENDPOINT_URL).")
                }
            } catch let error as S3ClientError {
                throw error
            } catch {
                throw S3ClientError(.refused, problem: "\(operation): \(error)", fix: "")
            }
            if trouble == .slowDown { onSlowDown() }
            guard
                let wait = policy.delay(
                    after: trouble, attempt: attempt, elapsed: clock.elapsed - started,
                    retryAfter: retryAfter, random: jitter.next())
            else {
                throw S3ClientError(
                    .gaveUp,
                    problem: "\(operation): \(reason), still after \(attempt) attempts in "
                        + "\(clock.elapsed - started)",
                    fix: "The server is in trouble or overloaded; try again later (the next deploy goes on "
                        + "from where this one stopped).")
            }
            log("\(operation): \(reason); attempt \(attempt + 1) in \(wait)")
            do {
                try await clock.wait(wait)
            } catch {
                throw S3ClientError(.cancelled, problem: "\(operation): cancelled", fix: "")
            }
        }
    }

    static func now() -> SigningTime {
        SigningTime(secondsSince1970: Int64(Date().timeIntervalSince1970.rounded(.down)))
    }
}
