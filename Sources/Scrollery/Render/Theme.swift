import Foundation
import ScrolleryCore

/// The templates and assets a build renders with: the default theme, with any file of the same name in
/// the site's `templates/` folder taking its place.
struct Theme: Sendable {
    static let requiredTemplates = ["base", "list", "item", "card", "404"]
    static let templateExtension = ".mustache"

    let library: TemplateLibrary
    /// Files that are not templates (`style.css`, `scrollery.js`, …), written to `assets/`.
    let assets: [String: Data]
    /// Every file's name and text, in name order: what a page's render key is made from.
    let fingerprint: String

    /// Loads the default theme and the site's overrides.
    /// - Parameters:
    ///   - overrides: the site's `templates/` folder; it need not exist.
    ///   - defaults: a folder to read the default theme from instead of the compiled-in copy
    ///     (`serve --theme templates` while working on the theme).
    static func load(overrides: URL?, defaults: URL? = nil) throws -> Theme {
        var files = DefaultTheme.files.mapValues { (text: $0, origin: "the default theme") }
        if let defaults {
            files = [:]
            try read(defaults, into: &files)
        }
        if let overrides { try read(overrides, into: &files) }
        return try make(files)
    }

    private static func read(_ folder: URL, into files: inout [String: (text: String, origin: String)]) throws {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) {
            for name in names.sorted() where !name.hasPrefix(".") {
                let file = folder.appendingPathComponent(name)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue
                else { continue }
                guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                    throw ThemeError(file: file.path, problem: "cannot be read as UTF-8 text.")
                }
                files[name] = (text, file.path)
            }
        }
    }

    private static func make(_ files: [String: (text: String, origin: String)]) throws -> Theme {
        var templates: [String: String] = [:]
        var assets: [String: Data] = [:]
        for (name, file) in files {
            if name.hasSuffix(templateExtension) {
                templates[String(name.dropLast(templateExtension.count))] = file.text
            } else {
                assets[name] = Data(file.text.utf8)
            }
        }
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary(templates)
        } catch {
            let origin = files[error.template + templateExtension]?.origin ?? "the theme"
            throw ThemeError(
                file: error.template + templateExtension + " (\(origin))",
                problem: "is not a valid Mustache template: \(error.error).")
        }
        for name in requiredTemplates where library.template(named: name) == nil {
            throw ThemeError(file: name + templateExtension, problem: "is missing from the theme.")
        }
        for reference in library.references where library.template(named: reference.name) == nil {
            throw ThemeError(
                file: reference.template + templateExtension,
                problem: "uses the template `\(reference.name)`, which the theme does not have. "
                    + "Add \(reference.name)\(templateExtension) to the site's templates/ folder, or fix the name.")
        }
        let fingerprint = files.keys.sorted().map { "\($0)\u{1F}\(files[$0]?.text ?? "")" }.joined(separator: "\u{1E}")
        return Theme(library: library, assets: assets, fingerprint: fingerprint)
    }

    /// The same theme with templates in storage of their own, for another thread to render with
    /// (`TemplateLibrary.independentCopy`).
    func independentCopy() -> Theme {
        Theme(library: library.independentCopy(), assets: assets, fingerprint: fingerprint)
    }

    /// The same theme with the names every page has written into its templates
    /// (`TemplateLibrary.binding(_:)`).
    func binding(_ constants: TemplateObject) -> Theme {
        Theme(library: library.binding(constants), assets: assets, fingerprint: fingerprint)
    }

    /// A page of the theme as UTF-8 bytes.
    /// - Parameter rootHoldsConstants: whether `context` has the names the theme was bound to (`binding(_:)`)
    ///   with the same values.
    /// - Throws: `ThemeError` naming the template file, when the render reaches one of the renderer's
    ///   limits (a partial that includes itself, say).
    func render(
        _ template: String, _ context: TemplateValue, rootHoldsConstants: Bool = false
    ) throws(ThemeError) -> [UInt8] {
        do {
            return try library.render(template, context, rootHoldsConstants: rootHoldsConstants)
        } catch {
            throw ThemeError(
                file: error.template + Self.templateExtension + error.trail,
                problem: "stopped rendering: \(error.problem)")
        }
    }
}

/// A theme file that cannot be used.
struct ThemeError: ScrolleryError, Sendable {
    let file: String
    let problem: String
    var description: String { "Template \(file) \(problem)" }
}

extension ThemeError {
    /// The template's file.
    var place: String { file }
}
