/// Every object under the prefix, in the order the server lists them, as a stream that asks for a page of
/// ListObjectsV2 only when the one before has been read to its end: one page is held at a time. A listing
/// that would loop (a continuation token seen before, too many empty pages in a row) ends with an error
/// as soon as the page that shows it arrives.
package struct ObjectListing: AsyncSequence, Sendable {
    package typealias Element = RemoteObject
    package typealias Failure = S3ClientError

    let client: S3Client
    /// Told, after each page, how many objects the listing has held so far.
    let onPage: @Sendable (Int) -> Void

    package func makeAsyncIterator() -> Iterator {
        Iterator(client: client, onPage: onPage)
    }

    package struct Iterator: AsyncIteratorProtocol, Sendable {
        package typealias Failure = S3ClientError

        let client: S3Client
        let onPage: @Sendable (Int) -> Void
        private var progress = ListingProgress()
        private var page: [ListedObject] = []
        private var index = 0
        private var listed = 0
        /// The token of the next page; nil before the first page and after the last.
        private var token: String?
        private var started = false

        init(client: S3Client, onPage: @escaping @Sendable (Int) -> Void) {
            self.client = client
            self.onPage = onPage
        }

        package mutating func next(isolation actor: isolated (any Actor)?) async throws(S3ClientError)
            -> RemoteObject?
        {
            while index == page.count {
                guard !started || token != nil else { return nil }
                started = true
                page = []
                index = 0
                try await readPage()
            }
            defer { index += 1 }
            return RemoteObject(page[index])
        }

        package mutating func next() async throws(S3ClientError) -> RemoteObject? {
            try await next(isolation: nil)
        }

        /// Asks for the page at `token` (the first without one) and keeps it with the token of the next.
        private mutating func readPage() async throws(S3ClientError) {
            let requests = client.requests
            let (address, request) = requests.listObjectsV2(continuationToken: token)
            let response = try await client.send(
                address: address, request: request, payload: .empty, body: .empty,
                operation: "ListObjectsV2 \(requests.location)")
            do {
                let read = try ListObjectsV2Page(parsing: response.body)
                token = try progress.next(after: read)
                page = read.objects
            } catch {
                throw S3ClientError(.badResponse, problem: error.description, fix: "Nothing was written.")
            }
            listed += page.count
            onPage(listed)
        }
    }
}

extension S3Client {
    /// Every object under the prefix, page by page in key order, each page asked for when the one before
    /// has been read (see `ObjectListing`).
    package func listing(onPage: @escaping @Sendable (Int) -> Void = { _ in }) -> ObjectListing {
        ObjectListing(client: self, onPage: onPage)
    }
}
