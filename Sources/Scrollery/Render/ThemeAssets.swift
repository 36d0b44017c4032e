import Foundation
import ScrolleryCore

/// The theme's assets a build publishes, each under its plain name (`assets/style.css`) and under a name
/// that carries a fingerprint of its bytes (`assets/style.3f9a2c1d5e7b8a90.css`), which a host may cache
/// forever: the same bytes always get the same name, other bytes another one.
struct ThemeAssets: Sendable {
    /// One asset: its name in the theme, its fingerprinted name beside it in `assets/`, and its bytes.
    struct Asset: Sendable, Equatable {
        let name: String
        let fingerprintedName: String
        let data: Data
    }

    /// The theme's script of search: published only with `search.enabled`.
    static let searchScript = "search.js"

    /// In name order.
    let assets: [Asset]

    init(assets: [Asset]) {
        self.assets = assets
    }

    /// The theme's assets that a site with these settings uses: the favorites scripts only with favorites,
    /// the search script only with search.
    init(theme: Theme, favorites: Bool, search: Bool) {
        assets = theme.assets.keys.sorted().compactMap { name in
            if FavoritesPage.scripts.contains(name), !favorites { return nil }
            if name == Self.searchScript, !search { return nil }
            guard let data = theme.assets[name] else { return nil }
            return Asset(name: name, fingerprintedName: Self.fingerprintedName(name, data: data), data: data)
        }
    }

    /// `name` with a fingerprint of `data` before its extension (`scrollery.js` → `scrollery.<hex>.js`,
    /// `LICENSE` → `LICENSE.<hex>`). The fingerprint is 16 hex digits of the bytes' `Fingerprint`, or all
    /// 32 when the first 16 are decimal digits alone, which a deploy does not take for a fingerprint.
    static func fingerprintedName(_ name: String, data: Data) -> String {
        var fingerprint = Fingerprint(build: "theme asset")
        fingerprint.add(data)
        let hex = fingerprint.finalize().hex
        let short = String(hex.prefix(16))
        let part = short.utf8.contains { $0 >= UInt8(ascii: "a") } ? short : hex
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name + "." + part }
        return name[..<dot] + "." + part + name[dot...]
    }

    /// `site.assets`: each asset's fingerprinted URL under `assetsURL`, nested by the `.`-separated parts of
    /// its name, so that a template says `{{site.assets.style.css}}`. A name that is also the start of
    /// another's (`x` beside `x.js`), or that has an empty part, has none: a template names it plainly.
    func templateValue(assetsURL: String) -> TemplateValue {
        let entries = assets.compactMap { asset -> (parts: ArraySlice<String>, url: String)? in
            let parts = asset.name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !parts.contains(where: \.isEmpty) else { return nil }
            return (parts[...], assetsURL + URIBytes.percentEncoded(asset.fingerprintedName))
        }
        return .object(Self.object(entries))
    }

    private static func object(_ entries: [(parts: ArraySlice<String>, url: String)]) -> TemplateObject {
        var object = TemplateObject()
        let groups = Dictionary(grouping: entries) { $0.parts.first ?? "" }
        for key in groups.keys.sorted() {
            let group = groups[key] ?? []
            let deeper = group.filter { $0.parts.count > 1 }
            if deeper.isEmpty, let leaf = group.first {
                object[key] = .text(leaf.url)
            } else {
                object[key] = .object(Self.object(deeper.map { ($0.parts.dropFirst(), $0.url) }))
            }
        }
        return object
    }
}
