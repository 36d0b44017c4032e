import ScrolleryIO

/// The favorites page, `favorites/index.html`: a shell the theme's `favorites.js` fills from the reader's
/// browser (its storage, or a share link). The build writes it, and the script, only with
/// `theme.favorites` on.
enum FavoritesPage {
    static let path = "favorites/index.html"
    /// The theme asset that runs the favorite buttons and the page; not written with favorites off.
    static let script = "favorites.js"

    /// The page's URL (`/favorites/`).
    static func url(_ paths: SitePaths) -> String { paths.baseURL.path + "favorites/" }
}
