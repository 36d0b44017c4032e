import Foundation
import ScrolleryCore
import ScrolleryIO

/// The pages of the site's groups (`groups:`): for each group, `<group>/` lists its values with their counts
/// and covers, and each value has its chain of listing pages (`<group>/<slug>/`, `…/page/2/`, …) and an Atom
/// feed of its first items.
///
/// As the build's pages stream, each item's card is written once to a file of cards, and a small record per
/// value it has (the value, its position, where its card is) is gathered in memory up to `spillBytes`,
/// sorted by group, value and position, and written as a run; the runs are merged at the end, reading a
/// few kilobytes of each at a time. So memory holds one buffer, the merge's windows and the values' list,
/// however large the gallery.
final class GroupPages {
    /// Values on a page of a group's list.
    static let valuesPerPage = 60
    /// The most bytes of records held before they are written as a run (with a record's own overhead).
    static let spillBytes = 4 << 20
    /// In tests, a smaller `spillBytes` (1: a run per item), so that every build spills and merges.
    @TaskLocal static var spillBytesInTests: Int?
    /// What a record costs in memory beside its key's bytes: the array's header, the card's index and the
    /// allocator's rounding.
    private static let recordOverhead = 64
    /// The bytes of records written to the spill file at once, and read back at once by the merge.
    private static let blockBytes = 16 << 10

    private let groups: [GroupConfig]
    private let titles: [Template]
    private let renderer: PageRenderer
    private let pageSize: Int
    private let store: OutputStore
    private let buildKey: String
    private let file: SpillFile
    /// Each item's card (its render digest, then its bytes), once, in blocks of `cardBlockBytes`.
    private let cards: SpillFile
    /// The block of cards being filled, written to `cards` when full.
    private var cardBlock: [UInt8] = []
    private static let cardBlockBytes = 256 << 10
    /// The blocks of each run written, oldest first.
    private var runs: [Range<Int>] = []
    private var buffer: [Record] = []
    private var bufferBytes = 0
    /// For each group, who makes each readable slug (by the slug's 64-bit FNV-1a hash: two slugs that
    /// share one are taken as shared, which costs them only their readable folder): enough to know whether
    /// two values share a slug.
    private var readable: [[UInt64: SlugMaker]]

    /// Who makes a readable slug. Most values are their own slug, and then nothing but the slug is held.
    private enum SlugMaker: Equatable {
        /// The value that is the slug itself, alone.
        case itself
        /// This value, alone.
        case value(String)
        /// Two values or more.
        case shared
    }

    /// A card kept under one of its values: `key` sorts it (group, value, position), `card` is its record in
    /// `cards`.
    private struct Record {
        let key: [UInt8]
        let card: CardPlace
    }

    /// Where a card is in `cards`: its block, and its bytes there.
    private struct CardPlace {
        let block: Int
        let offset: Int
        let length: Int
    }

    /// - Returns: nil when the site has no groups.
    init?(
        groups: [GroupConfig], renderer: PageRenderer, pageSize: Int, cacheFolder: URL, store: OutputStore,
        buildKey: String
    ) throws {
        guard !groups.isEmpty else { return nil }
        self.groups = groups
        titles = try groups.map { try Template($0.title, escaping: .none, name: "groups.\($0.name).title") }
        self.renderer = renderer
        self.pageSize = pageSize
        self.store = store
        self.buildKey = buildKey
        file = try SpillFile(in: cacheFolder)
        cards = try SpillFile(in: cacheFolder)
        readable = Array(repeating: [:], count: groups.count)
    }

    /// Keeps the cards of a chunk's items under each of their values.
    func add(_ items: [SluggedItem]) throws {
        for entry in items {
            let item = entry.item
            guard item.groups.contains(where: { !$0.isEmpty }) else { continue }
            var payload: [UInt8] = []
            var digest = Fingerprint(build: "group card")
            digest.add(item, slug: entry.slug)
            let finished = digest.finalize()
            for half in [finished.high, finished.low] {
                withUnsafeBytes(of: half.bigEndian) { payload.append(contentsOf: $0) }
            }
            TemplateValue.object(renderer.card(item, slug: entry.slug).fields).appendBytes(to: &payload)
            // The card's section, when the site has sections: its key, its heading and the day of its date.
            if let section = item.section {
                let day = item.sectionDay?.description ?? ""
                TemplateValue.list([.text(section.key), .text(section.heading), .text(day)]).appendBytes(to: &payload)
            }
            let card = CardPlace(block: cards.count, offset: cardBlock.count, length: payload.count)
            cardBlock.append(contentsOf: payload)
            if cardBlock.count >= Self.cardBlockBytes {
                try cards.append(cardBlock)
                cardBlock.removeAll(keepingCapacity: true)
            }
            for (index, values) in item.groups.enumerated() where index < groups.count {
                for value in values {
                    let slug = GroupSlug.readable(value)
                    let hash = NameKey.of(slug)
                    switch readable[index][hash] {
                    case nil: readable[index][hash] = slug == value ? .itself : .value(value)
                    case .itself?: if value != slug { readable[index][hash] = .shared }
                    case .value(let first)?: if value != first { readable[index][hash] = .shared }
                    case .shared?: break
                    }
                    var key: [UInt8] = [UInt8(index >> 8), UInt8(index & 0xFF)]
                    key.append(contentsOf: value.utf8)
                    key.append(0)
                    withUnsafeBytes(of: UInt32(clamping: item.position).bigEndian) { key.append(contentsOf: $0) }
                    buffer.append(Record(key: key, card: card))
                    bufferBytes += key.count + Self.recordOverhead
                }
            }
            if bufferBytes >= Self.spillBytesInTests ?? Self.spillBytes { try spill() }
        }
    }

    /// Writes the buffer as a sorted run.
    private func spill() throws {
        guard !buffer.isEmpty else { return }
        buffer.sort { $0.key.lexicographicallyPrecedes($1.key) }
        let first = file.count
        var block: [UInt8] = []
        for record in buffer {
            Self.appendLength(record.key.count, to: &block)
            block.append(contentsOf: record.key)
            Self.appendLength(record.card.block, to: &block)
            Self.appendLength(record.card.offset, to: &block)
            Self.appendLength(record.card.length, to: &block)
            if block.count >= Self.blockBytes {
                try file.append(block)
                block.removeAll(keepingCapacity: true)
            }
        }
        if !block.isEmpty { try file.append(block) }
        runs.append(first..<file.count)
        buffer = []
        bufferBytes = 0
    }

    private static func appendLength(_ length: Int, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: UInt32(length).littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Writes every group's pages, its values' pages and feeds, and records them.
    func finish(into output: inout OutputWriter) throws {
        try spill()
        if !cardBlock.isEmpty {
            try cards.append(cardBlock)
            cardBlock = []
        }
        var merge = try Merge(file: file, runs: runs)
        var current: ValueChain?
        var listed: [[ListedValue]] = Array(repeating: [], count: groups.count)
        while let (key, card) = try merge.next() {
            let payload = try cards.read(card.block, bytes: card.offset..<(card.offset + card.length))
            guard key.count >= 7, let separator = key[2...].firstIndex(of: 0) else { continue }
            let group = Int(key[0]) << 8 | Int(key[1])
            let value = String(decoding: key[2..<separator], as: UTF8.self)
            var chain: ValueChain
            if let open = current, open.group == group, open.value == value {
                chain = open
            } else {
                if let done = current { listed[done.group].append(try finishChain(done, into: &output)) }
                chain = try startChain(group: group, value: value)
            }
            current = nil
            try add(payload, at: card, to: &chain, into: &output)
            current = chain
        }
        if let done = current { listed[done.group].append(try finishChain(done, into: &output)) }
        for (index, values) in listed.enumerated() {
            try writeLists(group: index, values: values, into: &output)
        }
    }

    /// A value's pages being written: its page of cards in waiting, and what its list entry and feed need.
    private struct ValueChain {
        let group: Int
        let value: String
        let slug: String
        let title: String
        var page = 1
        var cards: [PageRenderer.Card] = []
        /// The section marks of `cards`, one each (none without sections).
        var marks: [SectionMark?] = []
        /// The section the last card is in, and its id on the chain's pages.
        var openSection: (key: String, id: String)?
        var key: Fingerprint
        var count = 0
        /// Where the first card is in `cards`: its picture is the value's cover, read again when the lists are
        /// written (not held: a gallery may have a hundred thousand values).
        var cover: CardPlace?
        var newest: [SiteMaps.FeedEntry] = []
    }

    /// A value as its group's list shows it, held for every value until the lists are written: its slug is
    /// worked out again, and its numbers are 32-bit.
    private struct ListedValue {
        let value: String
        /// Whether another value makes its readable slug (its own is then the distinct one).
        let isShared: Bool
        let count: Int32
        let cover: Cover?

        var slug: String { isShared ? GroupSlug.distinct(value) : GroupSlug.readable(value) }

        /// Where the cover's card is in `cards`.
        struct Cover {
            let block: Int32
            let offset: Int32
            let length: Int32

            init(_ place: CardPlace) {
                block = Int32(clamping: place.block)
                offset = Int32(clamping: place.offset)
                length = Int32(clamping: place.length)
            }

            var place: CardPlace { CardPlace(block: Int(block), offset: Int(offset), length: Int(length)) }
        }
    }

    private func startChain(group: Int, value: String) throws -> ValueChain {
        let shared = readable[group][NameKey.of(GroupSlug.readable(value))] == .shared
        let slug = shared ? GroupSlug.distinct(value) : GroupSlug.readable(value)
        let title = (try? titles[group].render(.object(["value": .text(value)]))) ?? value
        return ValueChain(
            group: group, value: value, slug: slug, title: title, key: Self.pageKey(buildKey, group, slug, page: 1))
    }

    private static func pageKey(_ buildKey: String, _ group: Int, _ slug: String, page: Int) -> Fingerprint {
        var key = Fingerprint(build: buildKey)
        key.add("group \(group) \(slug) \(page)")
        return key
    }

    /// Adds one card (`payload`, read from `place`) to the value's chain, writing the page before when this
    /// card starts a new one.
    private func add(
        _ payload: [UInt8], at place: CardPlace, to chain: inout ValueChain, into output: inout OutputWriter
    ) throws {
        guard payload.count > 16 else { return }
        var offset = 16
        guard case .object(var card)? = TemplateValue(bytes: payload, offset: &offset) else { return }
        if chain.cards.count == pageSize {
            try writePage(of: chain, hasNext: true, into: &output)
            chain.page += 1
            chain.cards = []
            chain.marks = []
            chain.key = Self.pageKey(buildKey, chain.group, chain.slug, page: chain.page)
        }
        chain.count += 1
        card["position"] = TemplateValue(chain.count)
        let mark = Self.sectionMark(
            TemplateValue(bytes: payload, offset: &offset), of: &chain,
            archiveURL: SectionTracker.archiveURL(renderer.paths))
        chain.marks.append(mark)
        if let mark { chain.key.add(mark.keyText) }
        // The card's 16-byte key, hashed while its bytes are lent: a pointer to them is not kept.
        payload.withUnsafeBytes { chain.key.add(bytes: UnsafeRawBufferPointer(rebasing: $0[0..<16])) }
        if chain.count == 1 { chain.cover = place }
        if chain.newest.count < SiteMaps.feedSize {
            func text(_ name: String) -> String? {
                if case .text(let value)? = card[name] { return value }
                return nil
            }
            chain.newest.append(
                SiteMaps.FeedEntry(
                    title: text("title") ?? "", path: text("url") ?? "", date: text("date"), excerpt: text("excerpt"),
                    html: nil))
        }
        chain.cards.append(PageRenderer.Card(position: chain.count, fields: card))
    }

    /// The mark of a chain's next card in `section` (its key, heading and day, as `add(_:)` wrote them):
    /// a heading where a section starts in the chain, and a continued one at the top of a page inside it. A
    /// section's id is `section-` and the card's place in the chain, so it is unique on the chain's pages.
    private static func sectionMark(
        _ section: TemplateValue?, of chain: inout ValueChain, archiveURL: String
    ) -> SectionMark? {
        guard case .list(let parts)? = section, parts.count == 3, case .text(let key) = parts[0],
            case .text(let heading) = parts[1], case .text(let day) = parts[2]
        else {
            chain.openSection = nil
            return nil
        }
        if let open = chain.openSection, open.key == key {
            let start =
                chain.cards.isEmpty
                ? SectionMark.Start(
                    heading: heading, id: "\(open.id)-page-\(chain.page)", archiveURL: archiveURL, continued: true)
                : nil
            return SectionMark(section: open.id, start: start, day: day)
        }
        let id = "section-\(chain.count)"
        chain.openSection = (key, id)
        return SectionMark(
            section: id, start: SectionMark.Start(heading: heading, id: id, archiveURL: archiveURL, continued: false),
            day: day)
    }

    private func finishChain(_ chain: ValueChain, into output: inout OutputWriter) throws -> ListedValue {
        try writePage(of: chain, hasNext: false, into: &output)
        let name = groups[chain.group].name
        let feedPath = name + "/" + chain.slug + "/feed.xml"
        let feed = SiteMaps.atomFeed(
            title: chain.title + " · " + renderer.siteTitle, paths: renderer.paths, feedPath: feedPath,
            alternate: renderer.paths.groupURL(name, slug: chain.slug), entries: chain.newest)
        try output.write(feed, to: feedPath)
        return ListedValue(
            value: chain.value, isShared: chain.slug != GroupSlug.readable(chain.value),
            count: Int32(clamping: chain.count),
            cover: chain.cover.map(ListedValue.Cover.init))
    }

    private func writePage(of chain: ValueChain, hasNext: Bool, into output: inout OutputWriter) throws {
        let name = groups[chain.group].name
        let file = SitePaths.groupFile(name, slug: chain.slug, page: chain.page)
        var key = chain.key
        key.add(hasNext ? "next" : "last")
        let finished = key.finalize()
        let paths = renderer.paths
        let context: TemplateObject = [
            "name": .text(name), "value": .text(chain.value), "title": .text(chain.title),
            "heading": .text(name), "indexURL": .text(paths.groupURL(name)),
            "feedURL": .text(paths.groupURL(name, slug: chain.slug) + "feed.xml"),
        ]
        store.makeFolders(for: [file])
        let changed = try store.write(key: finished, to: file) {
            try renderer.listPage(
                number: chain.page, cards: chain.cards, hasNext: hasNext, sections: chain.marks, group: context,
                pageURL: { paths.groupURL(name, slug: chain.slug, page: $0) })
        }
        try output.record(.group(file: file), changed: changed, key: finished)
    }

    /// Writes a group's list of values, most items first then by name, a page of `valuesPerPage` at a time;
    /// and, for each readable slug that values share, the page there that lists them.
    private func writeLists(group: Int, values: [ListedValue], into output: inout OutputWriter) throws {
        let name = groups[group].name
        let paths = renderer.paths
        func entry(_ listed: ListedValue) throws -> TemplateObject {
            var object: TemplateObject = [
                "value": .text(listed.value), "url": .text(paths.groupURL(name, slug: listed.slug)),
                "count": TemplateValue(Int(listed.count)),
            ]
            object["image"] = try cover(listed.cover?.place)
            return object
        }
        let sorted = values.sorted { $0.count != $1.count ? $0.count > $1.count : $0.value < $1.value }
        let context: TemplateObject = ["name": .text(name), "heading": .text(name)]
        let pages = max(1, (sorted.count + Self.valuesPerPage - 1) / Self.valuesPerPage)
        for page in 1...pages {
            let slice = sorted.dropFirst((page - 1) * Self.valuesPerPage).prefix(Self.valuesPerPage)
            let file = SitePaths.groupFile(name, page: page)
            store.makeFolders(for: [file])
            let html = try renderer.groupIndexPage(
                group: context, values: try slice.map(entry), number: page, hasNext: page < pages,
                pageURL: { paths.groupURL(name, page: $0) })
            try output.record(.group(file: file), changed: try store.write(html, to: file), key: Self.digest(of: html))
        }
        // A readable slug that several values make: its page lists them, each to its own.
        var sharing: [String: [ListedValue]] = [:]
        for listed in values where listed.isShared {
            sharing[GroupSlug.readable(listed.value), default: []].append(listed)
        }
        for (slug, shared) in sharing.sorted(by: { $0.key < $1.key }) {
            let file = SitePaths.groupFile(name, slug: slug)
            store.makeFolders(for: [file])
            let html = try renderer.groupIndexPage(
                group: context, values: try shared.map(entry), number: 1, hasNext: false,
                pageURL: { _ in paths.groupURL(name, slug: slug) })
            try output.record(.group(file: file), changed: try store.write(html, to: file), key: Self.digest(of: html))
        }
    }

    /// The picture of the card at `place`, as its card shows it.
    private func cover(_ place: CardPlace?) throws -> TemplateValue? {
        guard let place else { return nil }
        let payload = try cards.read(place.block, bytes: place.offset..<(place.offset + place.length))
        var offset = 16
        guard payload.count > offset, case .object(let card)? = TemplateValue(bytes: payload, offset: &offset) else {
            return nil
        }
        return card["image"]
    }

    private static func digest(of bytes: [UInt8]) -> Fingerprint.Digest {
        var key = Fingerprint(build: "group list")
        bytes.withUnsafeBytes { key.add(bytes: $0) }
        return key.finalize()
    }

    /// A k-way merge of the runs, by key: each run's head in a binary heap.
    private struct Merge {
        private var readers: [RunReader]
        private var heap: [Int] = []

        init(file: SpillFile, runs: [Range<Int>]) throws {
            readers = runs.map { RunReader(file: file, blocks: $0) }
            for run in readers.indices where try readers[run].advance() { push(run) }
        }

        mutating func next() throws -> (key: [UInt8], card: CardPlace)? {
            guard let run = pop(), let head = readers[run].head else { return nil }
            if try readers[run].advance() { push(run) }
            return head
        }

        private func precedes(_ one: Int, _ other: Int) -> Bool {
            guard let first = readers[one].head?.key, let second = readers[other].head?.key else { return false }
            return first.lexicographicallyPrecedes(second)
        }

        private mutating func push(_ run: Int) {
            heap.append(run)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard precedes(heap[child], heap[parent]) else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        }

        private mutating func pop() -> Int? {
            guard let top = heap.first else { return nil }
            let last = heap.removeLast()
            guard !heap.isEmpty else { return top }
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < heap.count, precedes(heap[left], heap[smallest]) { smallest = left }
                if right < heap.count, precedes(heap[right], heap[smallest]) { smallest = right }
                guard smallest != parent else { return top }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }

    /// Reads one run's records in order, a block at a time.
    private struct RunReader {
        let file: SpillFile
        var blocks: Range<Int>
        var block: [UInt8] = []
        var offset = 0
        /// The record read last.
        var head: (key: [UInt8], card: CardPlace)?

        init(file: SpillFile, blocks: Range<Int>) {
            self.file = file
            self.blocks = blocks
        }

        /// Reads the next record into `head`. - Returns: false after the last.
        mutating func advance() throws -> Bool {
            if offset >= block.count {
                guard let next = blocks.first else {
                    head = nil
                    return false
                }
                block = try file.read(next)
                blocks = blocks.dropFirst()
                offset = 0
            }
            func length() -> Int {
                var value: UInt32 = 0
                for index in 0..<4 { value |= UInt32(block[offset + index]) << (8 * index) }
                offset += 4
                return Int(value)
            }
            let keyLength = length()
            let key = Array(block[offset..<(offset + keyLength)])
            offset += keyLength
            head = (key, CardPlace(block: length(), offset: length(), length: length()))
            return true
        }
    }
}
