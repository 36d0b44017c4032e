import Foundation
import ScrolleryCore
import ScrolleryIO

/// The source's items in the order the config asks for (`source.order`), as batches for `ItemChunks`.
///
/// Forward, the source's pages go through as they come. Reverse, the whole source (up to `limit` items, the
/// first ones, as forward would take them) is read first and spilled to disk in chunks of `chunkSize` items,
/// one JSON text a line, in a file of the cache folder that the system removes once the build is over,
/// however it ends; then the chunks are read back from the last to the first, each reversed. The last item
/// comes first, and this stage never holds more than one chunk of items: memory stays flat whatever the
/// source's size.
struct OrderedItems<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == [JSONValue] {
    typealias Element = [JSONValue]

    let base: Base
    let order: SourceOrder
    /// At most this many items of the source, the first ones.
    let limit: Int?
    /// Where the spill file is made (the cache folder).
    let spillFolder: URL
    /// Items a chunk of the spill file holds: the most this stage holds in memory at once.
    var chunkSize = 1000

    func makeAsyncIterator() -> Iterator {
        Iterator(
            base: base.makeAsyncIterator(), order: order, limit: limit ?? Int.max, spillFolder: spillFolder,
            chunkSize: Swift.max(1, chunkSize))
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let order: SourceOrder
        let limit: Int
        let spillFolder: URL
        let chunkSize: Int
        /// The spill file once the source is read, until its first chunk has been handed on.
        private var spill: SpillFile?
        private var spilled = false
        /// The chunk of the spill file to hand on next, from the last one down.
        private var nextChunk = -1
        /// The most items this stage held at once (the reverse order only): never more than `chunkSize`.
        private(set) var mostHeld = 0

        init(base: Base.AsyncIterator, order: SourceOrder, limit: Int, spillFolder: URL, chunkSize: Int) {
            self.base = base
            self.order = order
            self.limit = limit
            self.spillFolder = spillFolder
            self.chunkSize = chunkSize
        }

        mutating func next() async throws -> [JSONValue]? {
            guard order == .reverse else { return try await base.next() }
            if !spilled {
                spilled = true
                try await spillSource()
            }
            guard let spill, nextChunk >= 0 else {
                spill = nil
                return nil
            }
            let chunk = try Self.items(in: try spill.read(nextChunk), folder: spill.folder)
            nextChunk -= 1
            if nextChunk < 0 { self.spill = nil }  // closed: the file is gone
            mostHeld = Swift.max(mostHeld, chunk.count)
            return chunk.reversed()
        }

        /// Reads the whole source into the spill file, `chunkSize` items a record.
        private mutating func spillSource() async throws {
            let file = try SpillFile(in: spillFolder)
            var buffer: [UInt8] = []
            var held = 0
            var taken = 0
            func flush() throws(SpillFileError) {
                guard held > 0 else { return }
                try file.append(buffer)
                mostHeld = Swift.max(mostHeld, held)
                buffer.removeAll(keepingCapacity: true)
                held = 0
            }
            while taken < limit, let page = try await base.next() {
                try Task.checkCancellation()
                for item in page.prefix(limit - taken) {
                    JSONWriter.write(item, to: &buffer)
                    buffer.append(UInt8(ascii: "\n"))
                    held += 1
                    taken += 1
                    if held == chunkSize { try flush() }
                }
            }
            try flush()
            spill = file
            nextChunk = file.count - 1
        }

        /// The items of a chunk, one JSON text a line, in the order they were written.
        private static func items(in bytes: [UInt8], folder: URL) throws -> [JSONValue] {
            try bytes.withUnsafeBufferPointer { buffer in
                try buffer.split(separator: UInt8(ascii: "\n")).map { line in
                    do {
                        return try JSONParser.parse(UnsafeBufferPointer(rebasing: line))
                    } catch {
                        throw SpillFileError(
                            folder: folder.path, action: "read back", reason: "an item does not parse: \(error)")
                    }
                }
            }
        }
    }
}
