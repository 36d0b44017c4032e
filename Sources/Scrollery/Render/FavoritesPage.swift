import ScrolleryCore

/// The favorites page, `favorites/index.html`: a shell the theme's `favorites.js` fills from the reader's
/// browser (its storage, or a share link). The build writes it, and the script, only with
/// `theme.favorites` on.
enum FavoritesPage {
    static let path = "favorites/index.html"
    /// The theme's scripts of favorites: the buttons (and what the page uses of them), and the page's own.
    /// Not written with favorites off.
    static let scripts: Set<String> = ["favorites.js", "favorites-page.js"]

    /// The page's URL (`/favorites/`).
    static func url(_ paths: SitePaths) -> String { paths.baseURL.path + "favorites/" }
}
