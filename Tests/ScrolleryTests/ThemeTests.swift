import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO

@Suite("The default theme")
struct ThemeTests {
    @Test("every required template is present and parses")
    func loads() throws {
        let theme = try Theme.load(overrides: nil)
        for name in Theme.requiredTemplates {
            #expect(theme.library.template(named: name) != nil)
        }
        #expect(theme.assets["style.css"] != nil)
        #expect(theme.assets["scrollery.js"] != nil)
    }

    @Test("a theme that uses a partial it does not have is refused, naming both")
    func missingPartial() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{{#items}}{{>tile}}{{/items}}".write(
            to: folder.appendingPathComponent("list.mustache"), atomically: true, encoding: .utf8)
        #expect {
            try Theme.load(overrides: folder)
        } throws: { error in
            let text = "\(error)"
            return text.contains("list.mustache") && text.contains("`tile`")
        }
    }
}
