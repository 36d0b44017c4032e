import ScrolleryCore

/// Regroups the source's pages into chunks of `size` items, numbered by position, up to `limit` items:
/// the size of an output page is independent of the size of a source page.
struct ItemChunks<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == [JSONValue] {
    typealias Element = [SourceItem]

    let base: Base
    let size: Int
    let limit: Int?

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), size: size, limit: limit ?? Int.max)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let size: Int
        let limit: Int
        var buffer: [JSONValue] = []
        var emitted = 0
        var exhausted = false

        mutating func next() async throws -> [SourceItem]? {
            let wanted = Swift.min(size, limit - emitted)
            guard wanted > 0 else { return nil }
            while buffer.count < wanted, !exhausted {
                if let page = try await base.next() {
                    buffer.append(contentsOf: page)
                } else {
                    exhausted = true
                }
            }
            guard !buffer.isEmpty else { return nil }
            let taken = buffer.prefix(wanted)
            let chunk = taken.enumerated().map { SourceItem(position: emitted + $0.offset + 1, value: $0.element) }
            buffer.removeFirst(taken.count)
            emitted += chunk.count
            return chunk
        }
    }
}
