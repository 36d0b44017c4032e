import Foundation
import Mustache

/// The templates and assets a build renders with: the default theme, with any file of the same name in
/// the site's `templates/` folder taking its place.
struct Theme: Sendable {
    static let requiredTemplates = ["base", "list", "item", "card", "404"]
    static let templateExtension = ".mustache"

    let library: MustacheLibrary
    /// Files that are not templates (`style.css`, `scrollery.js`, …), written to `assets/`.
    let assets: [String: Data]

    /// Loads the default theme and the site's overrides.
    /// - Parameter overrides: the site's `templates/` folder; it need not exist.
    static func load(overrides: URL?) throws -> Theme {
        var files = DefaultTheme.files.mapValues { (text: $0, origin: "the default theme") }
        if let overrides, let names = try? FileManager.default.contentsOfDirectory(atPath: overrides.path) {
            for name in names.sorted() where !name.hasPrefix(".") {
                let file = overrides.appendingPathComponent(name)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue
                else { continue }
                guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                    throw ThemeError(file: file.path, problem: "cannot be read as UTF-8 text.")
                }
                files[name] = (text, file.path)
            }
        }
        var library = MustacheLibrary()
        var assets: [String: Data] = [:]
        for (name, file) in files {
            guard name.hasSuffix(templateExtension) else {
                assets[name] = Data(file.text.utf8)
                continue
            }
            do {
                library.register(
                    try MustacheTemplate(string: file.text), named: String(name.dropLast(templateExtension.count)))
            } catch {
                throw ThemeError(
                    file: name + " (\(file.origin))", problem: "is not a valid Mustache template: \(error).")
            }
        }
        for name in requiredTemplates where library.getTemplate(named: name) == nil {
            throw ThemeError(file: name + templateExtension, problem: "is missing from the theme.")
        }
        return Theme(library: library, assets: assets)
    }

    func render(_ template: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: template) ?? ""
    }
}

/// A theme file that cannot be used.
struct ThemeError: Error, Sendable, CustomStringConvertible {
    let file: String
    let problem: String
    var description: String { "Template \(file) \(problem)" }
}
