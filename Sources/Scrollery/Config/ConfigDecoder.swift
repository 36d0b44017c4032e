import Foundation
import ScrolleryCore
import Yams

/// Turns the YAML tree of `scrollery.yml` into a `SiteConfig`, key by key, with errors that name the key.
final class ConfigDecoder {
    let file: URL
    let overrides: ConfigOverrides
    var references: EnvironmentReferences

    init(file: URL, overrides: ConfigOverrides, environment: [String: String]) {
        self.file = file
        self.overrides = overrides
        self.references = EnvironmentReferences(
            environment: environment, unsetReadsEmpty: overrides.unsetVariablesAllowed)
    }

    var siteFolder: URL { file.deletingLastPathComponent() }

    func decode(_ root: Node) throws(ConfigError) -> SiteConfig {
        let top = try ConfigReader(file: file.path, path: "", node: root)
        try top.rejectUnknownKeys([
            "title", "description", "baseURL", "output", "pageSize", "source", "detail", "item", "scroll", "fetch",
            "cache", "images", "theme", "sections", "language", "deploy", "search", "groups", "strings",
        ])
        let baseURL = try decodeBaseURL(top)
        guard let sourceReader = try top.child("source") else {
            throw top.missing("source", example: "{ url: data/page-{{page}}.json }")
        }
        guard let itemReader = try top.child("item") else {
            throw top.missing("item", example: "{ id: \"{{id}}\", title: \"{{title}}\" }")
        }
        let source = try decodeSource(sourceReader)
        let detail = try top.child("detail").map { reader throws(ConfigError) in try decodeDetail(reader) }
        let output = try decodeOutput(top)
        let cache = try decodeCache(top.child("cache"))
        try checkFolders(output: output, cache: cache.folder, top: top)
        let language = try decodeLanguage(top)
        let item = try decodeItem(itemReader)
        let groups = try decodeGroups(top.child("groups"))
        var config = SiteConfig(
            title: try top.string("title") ?? "Gallery",
            description: try top.string("description"),
            language: language,
            baseURL: baseURL,
            outputFolder: output,
            pageSize: try top.int("pageSize", in: 1...1000) ?? 24,
            source: source,
            detail: detail,
            item: item,
            scroll: try decodeScroll(top.child("scroll")),
            theme: try decodeTheme(top.child("theme"), fields: item.fields),
            fetch: try decodeFetch(top.child("fetch"), detail: detail),
            cache: cache,
            images: try decodeImages(top.child("images")),
            sections: try decodeSections(top.child("sections"), language: language),
            deploy: try decodeDeploy(top.child("deploy")),
            search: try decodeSearch(top.child("search"), itemFields: item.fields, groups: groups),
            strings: try decodeStrings(top.child("strings")),
            redactor: Redactor(secrets: references.values),
            siteFolder: siteFolder,
            file: file
        )
        config.groups = groups
        // The default download is the original picture: a copy of it is kept when it is what is offered.
        config.images.keepsOriginal = config.theme.download && config.item.download == nil
        return config
    }

    /// A BCP 47 language tag: letters, then parts of letters and digits after `-` (`en`, `pt-BR`, `zh-Hant`).
    private func decodeLanguage(_ top: ConfigReader) throws(ConfigError) -> String {
        guard let text = try top.string("language") else { return "en" }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let isAlphanumeric = { (part: Substring) in
            (1...8).contains(part.count)
                && part.unicodeScalars.allSatisfy {
                    $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0)
                }
        }
        guard let first = parts.first, (2...8).contains(first.count),
            first.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }),
            parts.dropFirst().allSatisfy(isAlphanumeric), text.count <= 35
        else {
            throw top.error(
                "language", "`\(TerminalText.shown(text))` is not a language tag.",
                fix: "Write a BCP 47 tag such as `en`, `fr`, `pt-BR` or `zh-Hant`.")
        }
        return text
    }

    private func decodeBaseURL(_ top: ConfigReader) throws(ConfigError) -> BaseURL {
        if let text = overrides.baseURL {
            guard let url = BaseURL(text) else {
                throw ConfigError(
                    file: "--base-url", key: "", line: nil, problem: "`\(text)` is not a path or an http(s) URL.",
                    fix: "Use a path such as `/gallery/` or a URL such as `https://example.org/gallery/`.")
            }
            return url
        }
        let text = try top.string("baseURL") ?? "/"
        guard let url = BaseURL(text) else {
            throw top.error(
                "baseURL", "`\(text)` is not a path prefix or an http(s) URL.",
                fix: "Use `/`, a path such as `/gallery/`, or a URL such as `https://example.org/gallery/`.")
        }
        return url
    }

    private func decodeOutput(_ top: ConfigReader) throws(ConfigError) -> URL {
        let folder: URL
        if let text = overrides.output {
            folder = URL(
                fileURLWithPath: text, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        } else {
            folder = URL(fileURLWithPath: try top.string("output") ?? "public", relativeTo: siteFolder)
        }
        return folder.standardizedFileURL
    }

    private func decodeItem(_ reader: ConfigReader) throws(ConfigError) -> ItemConfig {
        let keys = [
            "id", "title", "image", "width", "height", "alt", "description", "date", "link", "download", "video",
        ]
        try reader.rejectUnknownKeys(keys + ["fields"])
        for key in keys {
            if let text = try reader.string(key) { try checkTemplate(text, reader: reader, key: key) }
        }
        return ItemConfig(
            id: try reader.requiredString("id", example: "\"{{id}}\""),
            title: try reader.requiredString("title", example: "\"{{title}}\""),
            image: try reader.string("image"), width: try reader.string("width"), height: try reader.string("height"),
            alt: try reader.string("alt"), description: try reader.string("description"),
            date: try reader.string("date"), link: try reader.string("link"),
            download: try reader.string("download"), video: try reader.string("video"),
            fields: try decodeItemFields(try reader.child("fields")))
    }

    /// `item.fields`: an ordered mapping of names to templates. A name is a letter then letters, digits or
    /// `_` (at most 40), and not one of the built-in keys (a name given twice is refused by the YAML reader).
    private func decodeItemFields(_ reader: ConfigReader?) throws(ConfigError) -> [ItemField] {
        guard let reader else { return [] }
        var fields: [ItemField] = []
        for (keyNode, _) in reader.mapping {
            let name = keyNode.string ?? ""
            guard (1...40).contains(name.count), name.first?.isLetter == true,
                name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else {
                throw reader.error(
                    name, "is not a field name templates can reach.",
                    fix: "Use a letter, then up to 39 letters, digits and `_`, such as `photographer`.")
            }
            guard !ItemConfig.reservedFieldNames.contains(name) else {
                throw reader.error(
                    name, "is a built-in key of an item's templates, which a field may not shadow.",
                    fix: "Give the field another name, such as `\(name)_2`.")
            }
            let template = try reader.requiredString(name, example: "\"{{author}}\"")
            try checkTemplate(template, reader: reader, key: name)
            fields.append(ItemField(name: name, template: template))
        }
        return fields
    }

    private func decodeScroll(_ reader: ConfigReader?) throws(ConfigError) -> ScrollConfig {
        try reader?.rejectUnknownKeys(["autoPages"])
        return ScrollConfig(autoPages: try reader?.int("autoPages", in: 0...1000) ?? 5)
    }

    /// - Parameter fields: the item's fields, which `theme.cardFields` names.
    private func decodeTheme(_ reader: ConfigReader?, fields: [ItemField]) throws(ConfigError) -> ThemeConfig {
        guard let reader else { return ThemeConfig() }
        try reader.rejectUnknownKeys(["layout", "favorites", "cardFields", "download", "slideshow"])
        var theme = ThemeConfig(favorites: try reader.bool("favorites") ?? true)
        theme.download = try reader.bool("download") ?? true
        if let slideshow = try reader.child("slideshow") {
            try slideshow.rejectUnknownKeys(["interval"])
            if let text = try slideshow.string("interval") {
                guard let seconds = Double(text), seconds >= 0.1, seconds <= 3600 else {
                    let shown = TerminalText.shown(text)
                    throw slideshow.error(
                        "interval", "expected a number of seconds from 0.1 to 3600, found `\(shown)`.",
                        fix: "Write `interval: 5` (the seconds each photo is shown).")
                }
                theme.slideshowInterval = seconds
            }
        }
        if let node = reader.node("cardFields") {
            guard let list = node.sequence else {
                throw reader.error(
                    "cardFields", "expected a list of field names, found \(ConfigReader.describe(node)).",
                    fix: "Write `cardFields: [photographer]`.")
            }
            for entry in list {
                let name = entry.string ?? ""
                guard fields.contains(where: { $0.name == name }) else {
                    let known = fields.map { "`\($0.name)`" }.joined(separator: ", ")
                    throw reader.error(
                        "cardFields", "`\(TerminalText.shown(name))` is not one of item.fields.",
                        fix: known.isEmpty ? "Add it to item.fields first." : "Use one of \(known).")
                }
                if !theme.cardFields.contains(name) { theme.cardFields.append(name) }
            }
        }
        guard let text = try reader.string("layout") else { return theme }
        guard let layout = ThemeLayout(rawValue: text) else {
            let names = ThemeLayout.allCases.map { "`\($0.rawValue)`" }.joined(separator: " or ")
            throw reader.error(
                "layout", "`\(TerminalText.shown(text))` is not a layout of the default theme.",
                fix: "Write \(names): `justified` fills each row edge to edge, `grid` makes equal columns.")
        }
        theme.layout = layout
        return theme
    }

    func checkTemplate(_ text: String, reader: ConfigReader, key: String) throws(ConfigError) {
        do {
            _ = try TemplateParser.parse(text)
        } catch {
            throw reader.error(
                key, "`\(text)` is not a valid Mustache template (\(error)).",
                fix: "Use `{{name}}` for a field of the item and `{{detail.name}}` for a field of its detail.")
        }
    }
}
