/// The chunks of a source with their items enriched, in order. While the consumer has one chunk, the
/// details of the next are already being fetched, so the fetch slots do not sit idle at the end of a
/// chunk (the enricher's limit is shared, so this never fetches more at once).
struct EnrichedChunks<Chunks: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Chunks.Element == [SourceItem] {
    typealias Element = [GalleryItem]

    let chunks: Chunks
    let enricher: Enricher

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks.makeAsyncIterator(), enricher: enricher)
    }

    struct Iterator: AsyncIteratorProtocol {
        var chunks: Chunks.AsyncIterator
        let enricher: Enricher
        /// The chunks being enriched: the one to return next, and the one after it.
        var running: [Task<[GalleryItem], Never>] = []
        var exhausted = false

        init(chunks: Chunks.AsyncIterator, enricher: Enricher) {
            self.chunks = chunks
            self.enricher = enricher
        }

        /// Reads the first chunks and starts enriching them, so that their details are fetched while the
        /// caller gets ready for them (`next()` starts them otherwise).
        mutating func start() async throws {
            while running.count < 2, !exhausted {
                guard let chunk = try await nextChunk() else {
                    exhausted = true
                    break
                }
                let enricher = self.enricher
                running.append(Task { await enricher.enrich(chunk) })
            }
        }

        /// Cancels the chunks being enriched, when the caller will not take them, and waits until they have
        /// stopped: no detail or picture of theirs is fetched after.
        mutating func cancel() async {
            for task in running { task.cancel() }
            for task in running { _ = await task.value }
            running = []
        }

        mutating func next() async throws -> [GalleryItem]? {
            try await start()
            guard !running.isEmpty else { return nil }
            let first = running.removeFirst()
            let rest = running
            return await withTaskCancellationHandler {
                await first.value
            } onCancel: {
                first.cancel()
                for task in rest { task.cancel() }
            }
        }

        private mutating func nextChunk() async throws -> [SourceItem]? {
            do {
                return try await chunks.next()
            } catch {
                // The build fails: the chunk already started is of no use.
                for task in running { task.cancel() }
                running = []
                throw error
            }
        }
    }
}
