import Foundation
import ScrolleryCore
import Testing

@testable import Scrollery
@testable import ScrolleryTestSites

/// The reference pages say what the program does: every config key the decoder accepts is in
/// docs/configuration.md and every key listed there is accepted; every command and flag of `--help` is in
/// docs/cli.md and every flag listed there exists.
@Suite("The reference docs match the program")
struct DocsTests {
    static let docs = ScrolleryCommand.repository.appendingPathComponent("docs")

    /// The key paths in the first column of configuration.md's table.
    static func documentedKeys() throws -> Set<String> {
        let text = try String(contentsOf: docs.appendingPathComponent("configuration.md"), encoding: .utf8)
        return Set(
            text.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("| `") else { return nil }
                return line.dropFirst(3).prefix { $0 != "`" }.description
            })
    }

    /// Siblings a probe needs beside the key it tries, for the decoder to reach it.
    static let context: [String: String] = [
        "source": #"url: "https://example.org/items?page={{page}}""#,
        "item": #"id: "{{id}}", title: "{{title}}""#,
        "sections": "by: month",
    ]

    /// The keys the decoder knows under `path` (a mapping), or `nil` when `path` holds no mapping of
    /// known keys (a scalar, a list or a free-form map such as headers).
    static func knownKeys(under path: [String], paginateStyle: String? = nil) throws -> [String]? {
        /// The entries of the mapping at `prefix`, leading down `rest` to the probe.
        func flow(_ prefix: [String], _ rest: ArraySlice<String>) -> String {
            let here = prefix.joined(separator: ".")
            var entries = prefix.isEmpty ? [] : context[here].map { [$0] } ?? []
            if prefix.isEmpty {
                for required in ["source", "item"] where path.first != required {
                    entries.append("\(required): { \(context[required] ?? "") }")
                }
            }
            if here == "source.paginate", let paginateStyle { entries.append("style: \(paginateStyle)") }
            if let next = rest.first {
                entries.append("\(next): { \(flow(prefix + [next], rest.dropFirst())) }")
            } else {
                entries.append("zzzProbe: 1")
            }
            return entries.joined(separator: ", ")
        }
        let lines = ["{ \(flow([], path[...])) }"]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docs-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try lines.joined(separator: "\n").write(
            to: folder.appendingPathComponent("scrollery.yml"), atomically: true, encoding: .utf8)
        do {
            _ = try SiteConfig.load(siteFolder: folder)
        } catch {
            let probe = (path + ["zzzProbe"]).joined(separator: ".")
            guard error.key == probe, error.problem == "is not a known key.",
                let range = error.fix.range(of: "Known keys here: ")
            else { return nil }
            return error.fix[range.upperBound...].dropLast().components(separatedBy: ", ")
        }
        return nil
    }

    /// Every key path the decoder accepts, parents included, found by probing each mapping with an
    /// unknown key and reading the keys its error lists.
    static func acceptedKeys() throws -> Set<String> {
        var accepted: Set<String> = []
        var queue: [[String]] = [[]]
        while let path = queue.popLast() {
            let styles =
                path == ["source", "paginate"] ? ["page", "offset", "cursor", "since", "link", "dates"] : [nil]
            for style in styles {
                for key in try knownKeys(under: path, paginateStyle: style) ?? [] {
                    let child = path + [key]
                    if accepted.insert(child.joined(separator: ".")).inserted { queue.append(child) }
                }
            }
        }
        return accepted
    }

    @Test("docs/configuration.md lists exactly the keys the config decoder accepts")
    func configurationKeys() throws {
        let accepted = try Self.acceptedKeys()
        let documented = try Self.documentedKeys()
        #expect(accepted.count > 60, "the probe found too few keys: \(accepted.sorted())")
        #expect(
            accepted.subtracting(documented).isEmpty,
            "accepted but not documented: \(accepted.subtracting(documented).sorted())")
        #expect(
            documented.subtracting(accepted).isEmpty,
            "documented but not accepted: \(documented.subtracting(accepted).sorted())")
    }

    /// The long flags a usage line names (`--port <port>` → `--port`).
    static func flags(in text: some StringProtocol) -> Set<String> {
        var flags: Set<String> = []
        var rest = Substring(text)
        while let range = rest.range(of: "--") {
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            if !name.isEmpty { flags.insert("--" + name) }
            rest = rest[range.upperBound...]
        }
        return flags.subtracting(["--help", "--version", "--"])
    }

    @Test("docs/theming.md lists every word of the theme by its key, and no key the theme lacks")
    func themeWords() throws {
        let text = try String(contentsOf: Self.docs.appendingPathComponent("theming.md"), encoding: .utf8)
        let start = try #require(text.range(of: "## Words in the site's language"))
        let listed = Set(
            text[start.upperBound...].split(separator: "\n").prefix { !$0.hasPrefix("## ") }.compactMap {
                line -> String? in
                guard line.hasPrefix("| `") else { return nil }
                return line.dropFirst(3).prefix { $0 != "`" }.description
            })
        let keys = Set(ThemeStrings.plainKeys + ThemeStrings.countKeys.map { "\($0).*" })
        #expect(
            listed == keys, "missing: \(keys.subtracting(listed).sorted()), extra: \(listed.subtracting(keys).sorted())"
        )
    }

    @Test("docs/cli.md has every command of --help, and exactly the flags each command's --help names")
    func commandLine() async throws {
        let top = try await ScrolleryCommand.run(["--help"])
        let subcommands =
            top.stdout.components(separatedBy: "SUBCOMMANDS:").last?.split(separator: "\n").compactMap {
                line -> String? in
                guard line.hasPrefix("  "), !line.hasPrefix("   "), let word = line.split(separator: " ").first,
                    word.allSatisfy({ $0.isLowercase })
                else { return nil }
                return String(word)
            } ?? []
        #expect(subcommands.count >= 4, "\(top.stdout)")
        let page = try String(contentsOf: Self.docs.appendingPathComponent("cli.md"), encoding: .utf8)
        let sections = page.components(separatedBy: "\n### scrollery ").dropFirst()
        var documented: [String: String] = [:]
        for section in sections {
            let name = String(section.prefix { !$0.isWhitespace })
            documented[name] = section.components(separatedBy: "\n## ").first ?? ""
        }
        #expect(Set(documented.keys) == Set(subcommands), "docs/cli.md: \(documented.keys.sorted())")
        for command in subcommands {
            let help = try await ScrolleryCommand.run([command, "--help"])
            // The usage paragraph, which wraps onto several lines for a command with many flags.
            let usage =
                help.stdout.components(separatedBy: "USAGE:").dropFirst().first?.components(separatedBy: "\n\n").first
                ?? ""
            let expected = Self.flags(in: usage)
            #expect(!expected.isEmpty || command == "help", "\(command): \(help.stdout)")
            let text = documented[command] ?? ""
            // Code fences are left out: their three backticks would upset the count of inline code spans.
            let inBackticks = text.replacingOccurrences(of: "```", with: "\n").components(separatedBy: "`").enumerated()
                .filter { $0.offset % 2 == 1 }
                .map(\.element).joined(separator: " ")
            let listed = Self.flags(in: inBackticks)
            #expect(
                expected.subtracting(listed).isEmpty,
                "\(command): not in docs/cli.md: \(expected.subtracting(listed).sorted())")
            #expect(
                listed.subtracting(expected).isEmpty,
                "\(command): in docs/cli.md but not a flag: \(listed.subtracting(expected).sorted())")
        }
    }
}
