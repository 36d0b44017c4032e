import Foundation
import ScrolleryCore

/// The fingerprint of a whole build's rendering: the config file, the theme's files and the settings
/// that reach every page. Part of every page's render key, so a change to any of them renders all pages:
/// a changed asset among the theme's files renders them with its new fingerprinted name (`ThemeAssets`).
enum BuildKey {
    static func of(config: SiteConfig, theme: Theme) -> String {
        var key = Fingerprint(build: "")
        key.add((try? String(contentsOf: config.file, encoding: .utf8)) ?? "")
        key.add(config.baseURL.path)
        key.add(config.baseURL.origin ?? "-")
        key.add(config.title)
        key.add(config.description ?? "-")
        key.add(config.scroll.autoPages)
        key.add(config.pageSize)
        key.add(config.sections.by.rawValue + " " + config.sections.field)
        // The headings' words come from the toolchain's locale data as well as the config.
        key.add(config.language + " " + config.sections.labels.json)
        key.add(theme.fingerprint)
        return key.finalize().hex
    }
}
