import Foundation
import ScrolleryCore
import ScrolleryIO
import Synchronization

extension PagePipeline {
    /// A page written to the staging folder: its name, whether it changed since the previous build, and its
    /// render key.
    struct WrittenPage: Sendable {
        let page: PageName
        let changed: Bool
        let key: Fingerprint.Digest
    }

    /// Pages rendered at once: one per core, and one more to cover a core's wait on the disk.
    static let renderWidth = ProcessInfo.processInfo.activeProcessorCount + 1

    /// Renders a listing page and the pages of its items on every core, and writes them.
    /// - Parameters:
    ///   - before: the item just before this page (the last of the page before), which the first item page
    ///     links to.
    ///   - after: the item just after this page (the first of the next page), which the last item page
    ///     links to.
    /// - Returns: each page written: the listing page first, then the items in order.
    static func render(
        _ items: [SluggedItem], page: Int, hasNext: Bool, before: SluggedItem?, after: SluggedItem?,
        sections: [SectionMark?], renderers: [PageRenderer], store: OutputStore, buildKey: String
    ) async throws -> [WrittenPage] {
        let names = [PageName.list(page)] + items.map { PageName.item(slug: $0.slug) }
        let files = names.map(\.path)
        let cards = items.map { renderers[0].card($0.item, slug: $0.slug) }
        // Each item's neighbours in the whole gallery, in order: the page's own, and one on each side.
        let first = renderers[0]
        var neighbours: [PageRenderer.Neighbour?] = []
        neighbours.reserveCapacity(items.count + 2)
        neighbours.append(before.map { first.neighbour(slug: $0.slug, title: $0.item.title) })
        for (entry, card) in zip(items, cards) {
            neighbours.append(first.neighbour(slug: entry.slug, title: entry.item.title, card: card))
        }
        neighbours.append(after.map { first.neighbour(slug: $0.slug, title: $0.item.title) })
        let sequence = neighbours
        let listURL = first.listPageURL(page)
        /// Renders and writes file `index` with the worker's own renderer.
        @Sendable func renderAndWrite(_ index: Int, with renderer: PageRenderer) throws -> WrittenPage {
            var key = Fingerprint(build: buildKey)
            key.add(page)
            if index == 0 {
                key.add(hasNext ? "next" : "last")
                for entry in items { key.add(entry.item, slug: entry.slug) }
                // What the page shows of sections: its headings, and which section each card is in.
                for mark in sections { key.add(mark?.keyText ?? "-") }
            } else {
                key.add(items[index - 1].item, slug: items[index - 1].slug)
                // What the page shows of its neighbours: a changed or moved neighbour renders it again.
                for neighbour in [sequence[index - 1], sequence[index + 1]] {
                    key.add(neighbour.map { "=" + $0.slug } ?? "none")
                    key.add(neighbour?.title ?? "")
                }
            }
            let finished = key.finalize()
            let changed = try store.write(key: finished, to: files[index]) {
                index == 0
                    ? try renderer.listPage(number: page, cards: cards, hasNext: hasNext, sections: sections)
                    : try renderer.itemPage(
                        items[index - 1].item, card: cards[index - 1], listURL: listURL,
                        previous: sequence[index - 1], next: sequence[index + 1])
            }
            return WrittenPage(page: names[index], changed: changed, key: finished)
        }
        var results: [WrittenPage?] = Array(repeating: nil, count: files.count)
        // A few workers, each taking the next file until none is left: a task per worker, not per file.
        let queue = IndexQueue(count: files.count)
        try await withThrowingTaskGroup(of: [(Int, WrittenPage)].self) { group in
            for worker in 0..<min(renderers.count, files.count) {
                let renderer = renderers[worker]
                group.addTask {
                    var done: [(Int, WrittenPage)] = []
                    while true {
                        guard let index = queue.next() else { return done }
                        try Task.checkCancellation()
                        done.append((index, try renderAndWrite(index, with: renderer)))
                    }
                }
            }
            for try await done in group {
                for (index, result) in done { results[index] = result }
            }
        }
        // Every index was handed to a worker, and a worker that failed failed the group.
        return results.compactMap { $0 }
    }
}

/// The indices `0..<count`, each handed out once, to whichever worker asks first.
private final class IndexQueue: Sendable {
    private let count: Int
    private let taken = Mutex(0)

    init(count: Int) { self.count = count }

    func next() -> Int? {
        taken.withLock { taken in
            guard taken < count else { return nil }
            defer { taken += 1 }
            return taken
        }
    }
}
