import ScrolleryCore
/// The bucket's objects as a plan compares them, from a listing: the listing's stream (a page asked for
/// when the one before has been read), each object of ours whose ETag is not an MD5 (a multipart
/// upload's) given its `md5` metadata by a HEAD request made when the stream reaches it.
package struct ListedRemoteObjects: AsyncSequence, Sendable {
    package typealias Element = RemoteObject
    package typealias Failure = S3ClientError

    let listing: ObjectListing
    let client: S3Client
    let managed: ManagedKeys

    package init(client: S3Client, prefix: String, onPage: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.listing = client.listing(onPage: onPage)
        self.client = client
        self.managed = ManagedKeys(prefix: prefix)
    }

    package func makeAsyncIterator() -> Iterator {
        Iterator(listed: listing.makeAsyncIterator(), client: client, managed: managed)
    }

    package struct Iterator: AsyncIteratorProtocol, Sendable {
        package typealias Failure = S3ClientError

        var listed: ObjectListing.Iterator
        let client: S3Client
        let managed: ManagedKeys

        package mutating func next(isolation actor: isolated (any Actor)?) async throws(S3ClientError)
            -> RemoteObject?
        {
            guard let object = try await listed.next(isolation: actor) else { return nil }
            // Only an object the plan may compare is worth a request; the rest is passed over or left alone.
            guard !Self.isMD5(object.etag), case .managed = managed.verdict(on: object.key) else { return object }
            let md5 = try await client.md5Metadata(key: object.key)
            return RemoteObject(key: object.key, size: object.size, etag: object.etag, md5Metadata: md5)
        }

        package mutating func next() async throws(S3ClientError) -> RemoteObject? {
            try await next(isolation: nil)
        }

        static func isMD5(_ etag: String) -> Bool {
            etag.utf8.count == 32 && etag.utf8.allSatisfy(Hex.isDigit)
        }
    }
}
