import Foundation
package import ScrolleryCore

/// What a build wrote, kept for its whole length in little memory: pages in build order in a `PageLog`
/// (a file, not memory) with a 64-bit hash of each page's path in memory; other files (assets, sitemaps,
/// `static/`) by path.
///
/// A file written at a page's path (a `static/index.html`, say) replaces that page, render key included.
package struct WrittenFiles {
    private let pages: PageLog
    /// A 64-bit prefix of each page path's SHA-256: membership without keeping the paths.
    private var pageHashes: Set<UInt64> = []
    private var changedPages = 0
    /// Pages replaced by another file, and how many of them had changed.
    private var replaced: Set<String> = []
    private var replacedChanged = 0
    /// Other files by path, with whether each changed.
    private var others: [String: Bool] = [:]
    /// Paths written twice: the last write wins.
    package private(set) var overridden: [String] = []

    /// - Parameter folder: where the page log's file is made (the staging folder).
    package init(in folder: OpenFolder) throws {
        pages = try PageLog(in: folder)
    }

    package mutating func addPage(_ name: PageName, changed: Bool, key: Fingerprint.Digest) throws {
        try pages.append(name, changed: changed, key: key)
        pageHashes.insert(Self.hash(name.path))
        if changed { changedPages += 1 }
    }

    package mutating func add(_ path: String, changed: Bool) throws {
        if pageHashes.contains(Self.hash(path)), !replaced.contains(path) {
            // Rare (a static file at a page's path): the log is read to find that page.
            var page: PageLog.Entry?
            try pages.forEach { if page == nil, $0.name.path == path { page = $0 } }
            if let page {
                replaced.insert(path)
                if page.changed { replacedChanged += 1 }
                overridden.append(path)
            }
        }
        if others.updateValue(changed, forKey: path) != nil {
            overridden.append(path)
        }
    }

    package var count: Int { keyCount + others.count }
    package var changedCount: Int { changedPages - replacedChanged + others.values.count { $0 } }

    /// Whether the build wrote `path`.
    package func contains(_ path: String) -> Bool {
        others[path] != nil || pageHashes.contains(Self.hash(path))
    }

    /// Every path: the pages in build order, then the other files in name order.
    package func forEachPath(_ body: (_ path: String, _ changed: Bool) throws -> Void) throws {
        try forEachFile { path, changed, _ in try body(path, changed) }
    }

    /// Every file in one read of the page log: the pages in build order with their render keys, then the
    /// other files in name order, without one.
    package func forEachFile(
        _ body: (_ path: String, _ changed: Bool, _ key: Fingerprint.Digest?) throws -> Void
    ) throws {
        try forEachPage { page, path in try body(path, page.changed, page.key) }
        for path in others.keys.sorted() { try body(path, others[path] ?? true, nil) }
    }

    /// The pages not replaced by another file.
    private func forEachPage(_ body: (PageLog.Entry, _ path: String) throws -> Void) throws {
        try pages.forEach { page in
            let path = page.name.path
            guard replaced.isEmpty || !replaced.contains(path) else { return }
            try body(page, path)
        }
    }

    package var keyCount: Int { pages.count - replaced.count }

    /// Closes the page log: the counts stay, the pages can no longer be read.
    package func closeLog() {
        pages.close()
    }

    /// Every page in build order (replaced ones too: their URLs still exist), read from the same log.
    package var pageNames: PageNames { PageNames(pages: pages) }

    private static func hash(_ path: String) -> UInt64 { ContentDigest.head(of: path) }
}

/// The pages of a build in order, as names: what the sitemap lists.
package struct PageNames {
    fileprivate let pages: PageLog

    package var count: Int { pages.count }

    package func forEach(_ body: (PageName) throws -> Void) throws {
        try pages.forEach { try body($0.name) }
    }
}
