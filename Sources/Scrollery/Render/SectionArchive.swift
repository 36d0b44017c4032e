import ScrolleryCore

/// What a listing page shows of sections for one card: the section it belongs to, and the heading shown
/// just above it, if one is.
struct SectionMark: Sendable, Equatable {
    /// The section's id on the site, `section-57`: the position of its first item, so a section that
    /// appears twice (a source whose dates are not in order) has two ids.
    let section: String
    /// The heading above the card: where its section starts, and at the top of a listing page that starts
    /// inside a section (then `continued`).
    let start: Start?
    /// The day the card's date names (`2026-11-20`), or empty when it has none: the card's `data-date`, for
    /// the page's script to group the cards another way (`sections.js`).
    var day = ""

    struct Start: Sendable, Equatable {
        let heading: String
        /// The `<h2>`'s id: the section's id, or `section-57-page-3` for the continued heading of page 3.
        let id: String
        /// The section's entry on the archive page, `/sections/#section-57`.
        let archiveURL: String
        let continued: Bool
    }

    /// What a page's render key takes of the mark.
    var keyText: String {
        guard let start else { return section + "\u{1F}" + day }
        return [section, day, start.heading, start.id, start.archiveURL, start.continued ? "continued" : "new"]
            .joined(separator: "\u{1F}")
    }
}

/// Follows the sections as the pages stream through: only the open section (its first item and its count
/// so far) is held; each finished section is handed on at once, for the archive page to take.
struct SectionTracker {
    /// A section of the archive page: where it starts and how many items it has.
    struct Entry: Sendable, Equatable {
        let key: SectionKey
        let id: String
        let page: Int
        let position: Int
        var count: Int
    }

    let paths: SitePaths
    private(set) var openSection: Entry?

    init(paths: SitePaths) {
        self.paths = paths
    }

    /// The archive page's URL (`/sections/`).
    static func archiveURL(_ paths: SitePaths) -> String { paths.baseURL.path + "sections/" }

    /// The marks of a listing page's cards, in order, and the sections it finishes.
    /// - Parameter page: the listing page's number; pages come in order, each once.
    mutating func marks(for items: [GalleryItem], page: Int) -> (marks: [SectionMark?], finished: [Entry]) {
        var marks: [SectionMark?] = []
        var finished: [Entry] = []
        for (index, item) in items.enumerated() {
            guard let key = item.section else {
                marks.append(nil)
                continue
            }
            if var current = openSection, current.key == key {
                current.count += 1
                openSection = current
                let start =
                    index == 0
                    ? SectionMark.Start(
                        heading: key.heading, id: "\(current.id)-page-\(page)",
                        archiveURL: Self.archiveURL(paths) + "#" + current.id, continued: true) : nil
                marks.append(SectionMark(section: current.id, start: start, day: day(of: item)))
                continue
            }
            if let current = openSection { finished.append(current) }
            let id = "section-\(item.position)"
            openSection = Entry(key: key, id: id, page: page, position: item.position, count: 1)
            marks.append(
                SectionMark(
                    section: id,
                    start: SectionMark.Start(
                        heading: key.heading, id: id, archiveURL: Self.archiveURL(paths) + "#" + id, continued: false),
                    day: day(of: item)))
        }
        return (marks, finished)
    }

    private func day(of item: GalleryItem) -> String { item.sectionDay?.description ?? "" }

    /// The last section, once every page has been placed.
    mutating func finish() -> Entry? {
        defer { openSection = nil }
        return openSection
    }
}
