import Foundation
import Logging
import ScrolleryCore
import ScrolleryIO
import ScrollerySearch

/// Writes a build's pages as its items stream in: each chunk's items get their slugs, and a listing page
/// with its item pages is written once the next chunk shows what follows it. `finish` writes the last page
/// and the files made of the whole gallery: the archive's tail, `404.html`, `favorites/`, the sitemaps,
/// `robots.txt` and `feed.xml`, while the search index (fed beside the pages) writes its last files.
struct PagePipeline {
    /// A listing page: its number and its items, in order.
    struct Page {
        let number: Int
        let items: [SluggedItem]
    }

    private let config: SiteConfig
    private let buildKey: String
    private let logger: Logger
    private let renderer: PageRenderer
    /// A renderer per page worker, each with its own copy of the theme (see `PageRenderer.independentCopy`).
    private let renderers: [PageRenderer]
    private let store: OutputStore
    /// The archive page, written a section at a time (`nil` without sections).
    private let archive: ArchiveFile?
    /// The search index (`nil` without `search.enabled`), fed each chunk's items in order on a task of its
    /// own, a chunk at a time, while the pages are rendered and written.
    private let search: SearchIndexBuilder?
    /// The search index's work on the latest chunk.
    private var indexing: Task<Void, any Error>?
    /// What makes each item's search document, on the indexing task.
    private let documents: SearchDocuments
    /// The groups' pages (`nil` without `groups:`), fed each chunk's items, written at the end.
    private let groupPages: GroupPages?
    private var pictures: PublishedPictures
    private var slugger = Slugger()
    private var maps: SiteMaps
    /// The sections, followed as pages stream.
    private var sections: SectionTracker
    /// The page whose items are in, waiting for the next chunk to learn whether a page follows it.
    private var pending: Page?
    /// The last item of the page written before the pending one: the first item page of the pending page
    /// links back to it.
    private var previousLast: SluggedItem?
    /// The folders of the pending page's items, made by one task while the page before is written.
    private var folders: Task<Void, Never>?

    /// Starts the archive page and the search index when the site has them.
    init(config: SiteConfig, theme: Theme, buildKey: String, store: OutputStore, logger: Logger) throws {
        let paths = SitePaths(baseURL: config.baseURL)
        let (strings, hasTable) = ThemeStrings.of(language: config.language, overrides: config.strings)
        if !hasTable {
            logger.warning(
                """
                the theme has no words in `\(config.language)`: its buttons and labels are in English. Say them \
                under `strings:` in scrollery.yml (docs/theming.md lists the keys).
                """)
        }
        let renderer = PageRenderer(
            theme: theme, paths: paths, title: config.title, description: config.description,
            autoPages: config.scroll.autoPages, layout: config.theme.layout, sections: config.sections.by,
            sectionLabels: config.sections.labels, language: config.language, favorites: config.theme.favorites,
            search: config.search.enabled, fields: config.item.fields, cardFields: config.theme.cardFields,
            groups: config.groups.map(\.name), strings: strings, downloads: config.theme.download,
            slideshowInterval: config.theme.slideshowInterval)
        self.config = config
        self.buildKey = buildKey
        self.logger = logger
        self.renderer = renderer
        self.store = store
        renderers = (0..<Self.renderWidth).map { _ in renderer.independentCopy() }
        pictures = PublishedPictures(cache: VariantCache(cacheFolder: config.cache.folder))
        maps = SiteMaps(paths: paths, title: config.title)
        sections = SectionTracker(paths: paths)
        archive = try ArchiveFile(enabled: config.sections.enabled, renderer: renderer, store: store)
        search = try SearchIndexBuilder(
            config: config.search, hasSections: config.sections.by != .none, cacheFolder: config.cache.folder,
            store: store)
        // A renderer of their own only for the parts that render: a copy of the theme costs about a
        // millisecond of the start, before both cores work.
        documents = SearchDocuments(
            renderer: search == nil ? renderer : renderer.independentCopy(), fields: config.search.fields,
            itemFields: config.search.itemFields)
        groupPages = try GroupPages(
            groups: config.groups, renderer: config.groups.isEmpty ? renderer : renderer.independentCopy(),
            pageSize: config.pageSize,
            cacheFolder: config.cache.folder, store: store, buildKey: buildKey)
    }

    /// Takes the next chunk's items: gives them their slugs, adds them to the search index, has their
    /// folders made, and writes the page before, which now knows what follows it.
    /// - Returns: the number of the chunk's page.
    mutating func add(_ items: [GalleryItem], into output: inout OutputWriter) async throws -> Int {
        let slugged = items.map { slug($0) }
        try groupPages?.add(slugged)
        try await indexing?.value
        if let search {
            indexing = Task { [documents] in try await search.add(slugged.map { documents.document($0) }) }
        }
        let pendingFolders = folders
        let store = self.store
        folders = Task { store.makeFolders(for: slugged.map { PageName.item(slug: $0.slug).path }) }
        if let page = pending {
            // The page before is rendered and written while the next chunk's details are read.
            await pendingFolders?.value
            try await write(page, next: slugged.first, into: &output)
        }
        let number = (pending?.number ?? 0) + 1
        pending = Page(number: number, items: slugged)
        return number
    }

    /// Writes the last page (an empty page 1 when the gallery has no items), then the files made of the
    /// whole gallery.
    /// - Returns: the originals in `static/` (as paths inside it) that were published as variants: they are
    ///   not copied to the output as well.
    mutating func finish(into output: inout OutputWriter) async throws -> Set<String> {
        await folders?.value
        // The index's last files are written while the last page and the site's files are, and recorded
        // once the index is done.
        let finishing = search.map { search in
            Task { [indexing] in
                try await indexing?.value
                return try await search.finish()
            }
        }
        do {
            try await writeLastPage(into: &output)
            try groupPages?.finish(into: &output)
            try writeSiteFiles(into: &output)
            if let finishing {
                for file in try await finishing.value { try output.record(file.path, changed: file.changed) }
                try writeSearchPage(into: &output)
            }
        } catch {
            _ = try? await finishing?.value
            throw error
        }
        return pictures.localOriginals
    }

    /// Stops the tasks that make folders and index, after a failure: left running, they could write in the
    /// staging folder while it is removed.
    func stop() async {
        folders?.cancel()
        await folders?.value
        _ = try? await indexing?.value
    }

    /// The item with its slug, unique in the build; the first item whose id makes a slug already taken is
    /// warned of.
    private mutating func slug(_ item: GalleryItem) -> SluggedItem {
        let slug = slugger.next(for: item.id)
        if let base = slug.firstRepeatOf {
            logger.warning(
                """
                item \(item.position) (id `\(item.id)`) makes the slug `\(base)`, as an earlier item's id \
                does: it and any later ones get `\(base)-2`, `\(base)-3`, …
                """)
        }
        return SluggedItem(item: item, slug: slug.text)
    }

    /// Writes a listing page that has a next one, its item pages and its pictures, and gives the sections it
    /// finished to the archive.
    /// - Parameter next: the first item of the next page, which the page's last item page links to.
    private mutating func write(_ page: Page, next: SluggedItem?, into output: inout OutputWriter) async throws {
        let placed = sections.marks(for: page.items.map(\.item), page: page.number)
        try archive?.add(placed.finished)
        let written = try await Self.render(
            page.items, page: page.number, hasNext: true, before: previousLast, after: next,
            sections: placed.marks, renderers: renderers, store: store, buildKey: buildKey)
        try record(page.items, written: written, into: &output)
        try pictures.write(page.items.map(\.item), into: &output)
        previousLast = page.items.last
    }

    /// Writes the last listing page and its item pages, finishes the archive, and writes the page's
    /// pictures.
    private mutating func writeLastPage(into output: inout OutputWriter) async throws {
        let last = pending ?? Page(number: 1, items: [])
        let placed = sections.marks(for: last.items.map(\.item), page: last.number)
        let written = try await Self.render(
            last.items, page: last.number, hasNext: false, before: previousLast, after: nil,
            sections: placed.marks, renderers: renderers, store: store, buildKey: buildKey)
        try record(last.items, written: written, into: &output)
        if let archive {
            try archive.add(placed.finished + [sections.finish()].compactMap { $0 })
            let file = try archive.finish()
            try output.record(file.path, changed: file.changed)
        }
        try pictures.write(last.items.map(\.item), into: &output)
    }

    /// Lists the files of a page in order, and gives its items to the feed.
    private mutating func record(
        _ items: [SluggedItem], written: [WrittenPage], into output: inout OutputWriter
    ) throws {
        for file in written { try output.record(file.page, changed: file.changed, key: file.key) }
        for entry in items { maps.addItem(entry.item, slug: entry.slug) }
    }

    /// The `search/` page: a shell that `search.js` fills from the index, with its filters.
    private func writeSearchPage(into output: inout OutputWriter) throws {
        guard let search else { return }
        store.makeFolders(for: [SearchIndexBuilder.pagePath])
        let page = try renderer.searchPage(filters: search.facetNames)
        try output.record(SearchIndexBuilder.pagePath, changed: try store.write(page, to: SearchIndexBuilder.pagePath))
    }

    /// `404.html`, the favorites page (with `theme.favorites`), the sitemaps, `robots.txt` and the feed.
    private func writeSiteFiles(into output: inout OutputWriter) throws {
        try output.write(Data(try renderer.notFoundPage()), to: "404.html")
        if config.theme.favorites { try output.write(Data(try renderer.favoritesPage()), to: FavoritesPage.path) }
        var sitemaps = StagedTextFiles(store: store)
        try maps.writeSitemaps(pages: output.pageNames, into: &sitemaps)
        for file in sitemaps.finished { try output.record(file.path, changed: file.changed) }
        try output.write(maps.robots(), to: "robots.txt")
        try output.write(maps.atomFeed(), to: "feed.xml")
    }
}
