package import ScrolleryIO

/// The picture store in a bucket (`images.store: s3://BUCKET/PREFIX`): the files of the cache folder's
/// `images/` as objects under the prefix, read and written through `S3Client`. Its retries are fewer and
/// shorter than a deploy's: a picture the store cannot give is made here instead.
package struct S3PictureStore: PictureStore {
    package let client: S3Client

    package var description: String { client.requests.location.description }

    package init(target: DeployTarget, transport: any S3Transport, policy: S3RetryPolicy = Self.policy) {
        client = S3Client(
            transport: transport, credentials: target.credentials, endpoint: target.endpoint,
            location: target.location, policy: policy)
    }

    /// A few quick attempts: passing trouble is tried again for seconds, not minutes.
    package static var policy: S3RetryPolicy {
        var policy = S3RetryPolicy()
        policy.maxTransientAttempts = 3
        policy.maxDelay = .seconds(2)
        policy.maxRetryAfter = .seconds(5)
        policy.slowDownDeadline = .seconds(30)
        return policy
    }

    /// Where the store is and as whom it is used: the bucket of `images.store`, the endpoint and region of
    /// `deploy:` or else the environment's, the credentials from the environment only.
    package static func target(
        store: String, endpoint: String?, region: String?, environment: [String: String]
    ) throws(DeploySetupError) -> DeployTarget {
        do {
            return try DeployTarget.resolve(
                flags: .init(to: store), config: .init(endpoint: endpoint, region: region), environment: environment,
                allowHTTP: false)
        } catch {
            throw DeploySetupError(problem: "images.store: \(error.problem)", fix: error.fix)
        }
    }

    /// One listing of at most one key under the prefix: it needs the bucket, the endpoint, the region and
    /// the credentials all right.
    package func check() async throws(PictureStoreError) {
        let (address, request) = client.requests.listObjectsV2(continuationToken: nil, maxKeys: 1)
        do {
            _ = try await client.send(
                address: address, request: request, payload: .empty, body: .empty,
                operation: "ListObjectsV2 \(client.requests.location)")
        } catch {
            throw PictureStoreError(.store, explained(error))
        }
    }

    package func contents(of name: String) async throws(PictureStoreError) -> [UInt8]? {
        do {
            return try await client.get(path: name)
        } catch {
            throw PictureStoreError(Self.scope(of: error), explained(error))
        }
    }

    package func put(_ bytes: [UInt8], as name: String) async throws(PictureStoreError) {
        do {
            try await client.put(bytes, path: name)
        } catch {
            throw PictureStoreError(Self.scope(of: error), explained(error))
        }
    }

    /// Whether a failed request speaks of the whole store or of one object.
    static func scope(of error: S3ClientError) -> PictureStoreError.Scope {
        switch error.kind {
        case .access, .noSuchBucket, .wrongRegion, .gaveUp, .unreachable, .cancelled: .store
        case .noSuchKey, .refused, .badResponse, .localFile: .file
        }
    }

    /// The error with what to check for a store: the deploy's advice names its flags and `deploy.to`.
    private func explained(_ error: S3ClientError) -> String {
        let endpoint = client.requests.endpoint
        switch error.kind {
        case .noSuchBucket:
            return "\(error.problem). Check the bucket name in images.store, and that the endpoint (\(endpoint.host)) "
                + "and region (\(endpoint.region)) are where it lives (deploy.endpoint and deploy.region, or "
                + "AWS_ENDPOINT_URL and AWS_REGION); create it first if it is new."
        case .wrongRegion:
            return "\(error.problem). The bucket lives in another region: set it in deploy.region or AWS_REGION."
        case .unreachable:
            return "\(error.problem). Check the endpoint (deploy.endpoint, AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL)."
        case .gaveUp:
            return "\(error.problem). The store is in trouble or overloaded; the pictures are made here meanwhile."
        default:
            return error.description
        }
    }
}
