/// A page of the build, named by what makes its path: a listing page's number or an item's slug.
package enum PageName: Sendable {
    case list(Int)
    case item(slug: String)

    /// The page's file under the output folder, as `SitePaths` lays it out.
    package var path: String {
        switch self {
        case .list(let number): return SitePaths.listPageFile(number)
        case .item(let slug): return SitePaths.itemFile(slug)
        }
    }
}
