import Foundation

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO

/// A throwaway site folder with local JSON pages, per-item details and a config, for build tests.
struct SiteFixture {
    let folder: URL

    /// - Parameters:
    ///   - items: the source items, in order.
    ///   - perSourcePage: how many items each `data/page-N.json` holds.
    ///   - details: detail JSON text by item id; ids without one have no detail file.
    ///   - config: extra top-level YAML appended to the default config.
    init(
        items: [[String: Any]], perSourcePage: Int = 7, details: [String: String] = [:], pageSize: Int = 5,
        extraConfig: String = ""
    ) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrollery-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("data/details"), withIntermediateDirectories: true)
        var pageNumber = 1
        var start = 0
        while start < items.count {
            let page = Array(items[start..<min(start + perSourcePage, items.count)])
            let data = try JSONSerialization.data(withJSONObject: ["items": page], options: [.sortedKeys])
            try data.write(to: folder.appendingPathComponent("data/page-\(pageNumber).json"))
            start += perSourcePage
            pageNumber += 1
        }
        for (id, json) in details {
            try Data(json.utf8).write(to: folder.appendingPathComponent("data/details/\(id).json"))
        }
        let config = """
            title: Fixture Gallery
            pageSize: \(pageSize)
            source:
              url: data/page-{{page}}.json
              items: /items
            detail:
              url: data/details/{{id}}.json
              concurrency: 4
            item:
              id: "{{id}}"
              title: "{{title}}"
              image: "{{image}}"
              width: "{{width}}"
              height: "{{height}}"
              description: "{{detail.description}}"
              link: "{{url}}"
            \(extraConfig)
            """
        try config.write(to: folder.appendingPathComponent("scrollery.yml"), atomically: true, encoding: .utf8)
    }

    /// `count` plain items with ids `1`…`count` and a detail each.
    static func numbered(_ count: Int, pageSize: Int = 5, extraConfig: String = "") throws -> SiteFixture {
        let items: [[String: Any]] = (1...count).map {
            ["id": "\($0)", "title": "Item \($0)", "image": "images/\($0).svg", "width": 300, "height": 200]
        }
        var details: [String: String] = [:]
        for index in 1...count { details["\(index)"] = #"{"description": "Text of *item \#(index)*."}"# }
        return try SiteFixture(items: items, details: details, pageSize: pageSize, extraConfig: extraConfig)
    }

    var output: URL { folder.appendingPathComponent("public") }

    func config(overrides: ConfigOverrides = .init()) throws -> SiteConfig {
        try SiteConfig.load(siteFolder: folder, overrides: overrides)
    }

    @discardableResult
    func build(_ options: BuildOptions = .init(), overrides: ConfigOverrides = .init()) async throws -> BuildSummary {
        try await SiteBuilder(config: config(overrides: overrides), options: options).build()
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path)
    }

    /// Every file under the output folder with its bytes, by relative path.
    func snapshot() throws -> [String: Data] {
        try Self.snapshot(of: output)
    }

    static func snapshot(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = folder.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return files }
        for case let path as String in enumerator {
            var isFolder: ObjCBool = false
            let full = root + "/" + path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
            }
        }
        return files
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// The values of every `data-position` attribute on a listing page, in document order.
func positions(in html: String) -> [Int] {
    html.components(separatedBy: "data-position=\"").dropFirst().compactMap { piece in
        Int(piece.prefix { $0 != "\"" })
    }
}

/// The `href` of the first `<a rel="…">` (or `<link rel="…">`) on a page.
func relLink(_ rel: String, tag: String = "a", in html: String) -> String? {
    for piece in html.components(separatedBy: "<\(tag) ").dropFirst() {
        let element = piece.prefix { $0 != ">" }
        guard element.contains("rel=\"\(rel)\""), let range = element.range(of: "href=\"") else { continue }
        return String(element[range.upperBound...].prefix { $0 != "\"" })
    }
    return nil
}

/// The URL of a default theme asset under its fingerprinted name (`/assets/item.<hex>.js`), as pages
/// reference it.
func assetURL(_ name: String, base: String = "/") -> String {
    base + "assets/" + ThemeAssets.fingerprintedName(name, data: Data((DefaultTheme.files[name] ?? "").utf8))
}
