import Foundation
import Testing

@testable import ScrolleryTestSites

/// The folders of the pipeline target (`Sources/Scrollery/`) form a graph without cycles: each folder uses
/// the types and functions of only the folders `allowed` lists, so no folder uses one that uses it back.
@Suite("The pipeline's folders use each other in one direction")
struct FolderLayerTests {
    static let pipeline = ScrolleryCommand.repository.appendingPathComponent("Sources/Scrollery")

    /// Each folder of `Sources/Scrollery/` and the folders whose declarations it may use: the graph that
    /// docs/architecture.md draws. A new folder, or a new edge, is added here with a reason.
    static let allowed: [String: Set<String>] = [
        "Config": [],
        "Item": [],
        "Source": ["Config"],
        "Images": ["Item"],
        "Enrich": ["Config", "Source", "Item", "Images"],
        "Render": ["Config", "Item"],
        "Build": ["Config", "Source", "Item", "Images", "Enrich", "Render"],
        "Presets": ["Config"],
    ]

    /// Words that start a declaration at the top level of a file.
    static let declarationKeywords: Set<String> = ["struct", "class", "enum", "protocol", "actor", "typealias", "func"]
    /// Words that may stand before a declaration's keyword.
    static let modifiers: Set<String> = [
        "public", "package", "internal", "fileprivate", "private", "final", "indirect", "nonisolated", "static",
    ]

    /// A Swift file with its comments and the contents of its string literals taken out, so that a name in a
    /// doc comment or a message is not taken for a use.
    static func code(of text: String) -> String {
        let chars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < chars.count ? chars[index + offset] : nil }
        while index < chars.count {
            let char = chars[index]
            if char == "/", at(1) == "/" {
                while index < chars.count, chars[index] != "\n" { index += 1 }
            } else if char == "/", at(1) == "*" {
                var depth = 0
                repeat {
                    if chars[index] == "/", at(1) == "*" {
                        depth += 1
                        index += 2
                    } else if chars[index] == "*", at(1) == "/" {
                        depth -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                } while depth > 0 && index < chars.count
            } else if char == "#" || char == "\"" {
                // A string literal: `#`s, then `"` or `"""`; it ends at the same quotes and `#`s.
                var hashes = 0
                while at(hashes) == "#" { hashes += 1 }
                guard at(hashes) == "\"" else {
                    out.append(char)
                    index += 1
                    continue
                }
                index += hashes
                let quotes = at(1) == "\"" && at(2) == "\"" ? 3 : 1
                index += quotes
                let escape = String(repeating: "#", count: hashes)
                let close = String(repeating: "\"", count: quotes) + escape
                let closing = Array(close.unicodeScalars)
                while index < chars.count {
                    if hashes == 0, chars[index] == "\\" {
                        index += 2
                        continue
                    }
                    if chars[index...].starts(with: closing) {
                        index += closing.count
                        break
                    }
                    index += 1
                }
                out.append("\"")
                out.append("\"")
            } else {
                out.append(char)
                index += 1
            }
        }
        return String(out)
    }

    /// The identifiers of `code`, in order.
    static func words(of code: Substring) -> [Substring] {
        code.split { !($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// The names declared at the top level of `code`: types, type aliases and functions.
    static func declaredNames(in code: String) -> [String] {
        code.split(separator: "\n").compactMap { line -> String? in
            guard let first = line.first, !first.isWhitespace else { return nil }
            let lineWords = line.split(whereSeparator: \.isWhitespace)
            for (place, word) in lineWords.enumerated() {
                if declarationKeywords.contains(String(word)), place + 1 < lineWords.count {
                    return words(of: lineWords[place + 1]).first.map(String.init)
                }
                guard modifiers.contains(String(word)) || word.hasPrefix("@") else { return nil }
            }
            return nil
        }
    }

    /// Each folder's files, as code.
    static func folders() throws -> [String: [(file: String, code: String)]] {
        let manager = FileManager.default
        var folders: [String: [(file: String, code: String)]] = [:]
        for folder in try manager.contentsOfDirectory(atPath: pipeline.path) {
            let url = pipeline.appendingPathComponent(folder)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            folders[folder] = try manager.contentsOfDirectory(atPath: url.path).sorted().filter {
                $0.hasSuffix(".swift")
            }.map { file in
                (file, code(of: try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)))
            }
        }
        return folders
    }

    /// The uses of names declared in another folder: `[folder: [used folder: ["Name in File.swift"]]]`.
    static func uses(in folders: [String: [(file: String, code: String)]]) -> [String: [String: Set<String>]] {
        var owner: [String: String] = [:]
        for (folder, files) in folders {
            for file in files {
                for name in declaredNames(in: file.code) { owner[name] = folder }
            }
        }
        var uses: [String: [String: Set<String>]] = [:]
        for (folder, files) in folders {
            for file in files {
                for word in Set(words(of: file.code[...]).map(String.init)) {
                    guard let other = owner[word], other != folder else { continue }
                    uses[folder, default: [:]][other, default: []].insert("\(word) in \(file.file)")
                }
            }
        }
        return uses
    }

    @Test("the allowed graph has every folder and no cycle")
    func allowedGraphIsADag() throws {
        #expect(Set(try Self.folders().keys) == Set(Self.allowed.keys))
        // Take away folders that use nothing left, until none is left: what stays is in a cycle.
        var left = Self.allowed
        while let free = left.first(where: { $0.value.isDisjoint(with: left.keys) })?.key {
            left[free] = nil
        }
        #expect(left.isEmpty, "a cycle among \(left.keys.sorted())")
    }

    @Test("each folder uses only the folders it may")
    func noBackwardUse() throws {
        let folders = try Self.folders()
        // The scan sees the uses that are known to be there.
        let uses = Self.uses(in: folders)
        #expect(uses["Build"]?["Enrich"]?.isEmpty == false)
        #expect(uses["Enrich"]?["Item"]?.isEmpty == false)
        for (folder, used) in uses {
            for (other, names) in used where !(Self.allowed[folder] ?? []).contains(other) {
                Issue.record("\(folder)/ uses \(other)/: \(names.sorted().joined(separator: ", "))")
            }
        }
    }

    @Test("the scan sees a use in code, not in a comment or a string")
    func scanSeesCode() {
        let code = Self.code(
            of: """
                /// A `GalleryItem` in a comment. /* PictureState */
                let a = "ImageCounts \\(x)"
                let b = #"Theme "quoted""#
                let c: SiteConfig
                """)
        let words = Set(Self.words(of: code[...]).map(String.init))
        #expect(words.contains("SiteConfig"))
        #expect(words.isDisjoint(with: ["GalleryItem", "PictureState", "ImageCounts", "Theme"]))
        #expect(
            Self.declaredNames(
                in: "public struct A: Sendable {\n    struct B {}\n}\n@MainActor final class C\nfunc d()")
                == ["A", "C", "d"])
    }
}
