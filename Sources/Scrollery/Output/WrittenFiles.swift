import Crypto
import Foundation

/// A page of the build, named by what makes its path: a listing page's number or an item's slug.
enum PageName: Sendable {
    case list(Int)
    case item(slug: String)

    var path: String {
        switch self {
        case .list(let number): return SitePaths.listPageFile(number)
        case .item(let slug): return SitePaths.itemFile(slug)
        }
    }
}

/// What a build wrote, kept for its whole length in little memory: pages in build order as names (no path
/// text; a slug shares its storage with the slugger's), other files (assets, sitemaps, `static/`) by path.
///
/// A file written at a page's path (a `static/index.html`, say) replaces that page, render key included.
struct WrittenFiles {
    fileprivate struct Page {
        // The key first: 16 + 17 + 1 + 1 bytes pack into a stride of 40.
        let key: RenderKey.Digest
        let name: PageName
        var changed: Bool
        var replaced = false
    }

    private var pages: [Page] = []
    /// A 64-bit prefix of each page path's SHA-256: membership without keeping the paths.
    private var pageHashes: Set<UInt64> = []
    /// Other files by path, with whether each changed.
    private var others: [String: Bool] = [:]
    /// Paths written twice: the last write wins.
    private(set) var overridden: [String] = []

    mutating func addPage(_ name: PageName, changed: Bool, key: RenderKey.Digest) {
        pages.append(Page(key: key, name: name, changed: changed))
        pageHashes.insert(Self.hash(name.path))
    }

    mutating func add(_ path: String, changed: Bool) {
        if pageHashes.contains(Self.hash(path)),
            let index = pages.lastIndex(where: { !$0.replaced && $0.name.path == path })
        {
            pages[index].replaced = true
            overridden.append(path)
        }
        if others.updateValue(changed, forKey: path) != nil {
            overridden.append(path)
        }
    }

    var count: Int { pages.count { !$0.replaced } + others.count }
    var changedCount: Int { pages.count { !$0.replaced && $0.changed } + others.values.count { $0 } }

    /// Whether the build wrote `path`.
    func contains(_ path: String) -> Bool {
        others[path] != nil || pageHashes.contains(Self.hash(path))
    }

    /// Every path: the pages in build order, then the other files in name order.
    func forEachPath(_ body: (_ path: String, _ changed: Bool) throws -> Void) rethrows {
        for page in pages where !page.replaced { try body(page.name.path, page.changed) }
        for path in others.keys.sorted() { try body(path, others[path] ?? true) }
    }

    /// Every page that has a render key, in build order.
    func forEachKey(_ body: (_ path: String, _ key: RenderKey.Digest) throws -> Void) rethrows {
        for page in pages where !page.replaced { try body(page.name.path, page.key) }
    }

    var keyCount: Int { pages.count { !$0.replaced } }

    /// Every page in build order (replaced ones too: their URLs still exist), sharing this list's storage.
    var pageNames: PageNames { PageNames(pages: pages) }

    private static func hash(_ path: String) -> UInt64 {
        var text = path
        let digest = text.withUTF8 { SHA256.hash(data: UnsafeRawBufferPointer($0)) }
        return digest.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }
}

/// The pages of a build in order, as names: what the sitemap lists.
struct PageNames: Sequence {
    fileprivate let pages: [WrittenFiles.Page]

    var count: Int { pages.count }

    struct Iterator: IteratorProtocol {
        fileprivate var base: IndexingIterator<[WrittenFiles.Page]>

        mutating func next() -> PageName? {
            base.next()?.name
        }
    }

    func makeIterator() -> Iterator {
        Iterator(base: pages.makeIterator())
    }
}
