/// A page of the build, named by what makes its path: a listing page's number or an item's slug.
package enum PageName: Sendable {
    case list(Int)
    case item(slug: String)
    /// A page of a group (`tag/`, `tag/<slug>/page/2/`): its file, `…/index.html`.
    case group(file: String)

    /// The page's file under the output folder, as `SitePaths` lays it out.
    package var path: String {
        switch self {
        case .list(let number): return SitePaths.listPageFile(number)
        case .item(let slug): return SitePaths.itemFile(slug)
        case .group(let file): return file
        }
    }
}
