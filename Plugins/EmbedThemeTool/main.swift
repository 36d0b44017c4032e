import Foundation

// Writes the Swift file that embeds the default theme into the binary:
// `EmbedThemeTool <templates folder> <output file>`. The EmbedTheme plugin runs it at build time, and
// Fuzz/Makefile for the fuzz targets.

/// `text` as a raw multi-line string literal, with enough `#`s that nothing inside ends or escapes it.
func literal(_ text: String) -> String {
    var hashes = "#"
    while contains(text, "\"\"\"" + hashes) || contains(text, "\\" + hashes) {
        hashes += "#"
    }
    return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
}

/// Whether `text` holds `part`, byte for byte.
func contains(_ text: String, _ part: String) -> Bool {
    let bytes = Array(text.utf8)
    let needle = Array(part.utf8)
    guard !needle.isEmpty, bytes.count >= needle.count else { return needle.isEmpty }
    return (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("EmbedThemeTool: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: EmbedThemeTool <templates folder> <output file>") }
let folder = URL(fileURLWithPath: arguments[1], isDirectory: true)
let output = URL(fileURLWithPath: arguments[2])

let names: [String]
do {
    names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { name in
            var isFolder: ObjCBool = false
            let path = folder.appendingPathComponent(name).path
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }
        .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
} catch {
    fail("cannot list \(folder.path): \(error)")
}

var lines = [
    "// Generated at build time from templates/ by the EmbedTheme plugin. Edit templates/, not this file.",
    "// swift-format-ignore-file",
    "",
    "extension DefaultTheme {",
    "    /// The default theme's files by name, as in the repository's `templates/` folder.",
    "    static let files: [String: String] = [",
]
for name in names {
    let data: Data
    do {
        data = try Data(contentsOf: folder.appendingPathComponent(name))
    } catch {
        fail("cannot read \(name): \(error)")
    }
    guard let text = String(data: data, encoding: .utf8) else { fail("\(name) is not UTF-8") }
    lines.append("        \"\(name)\": \(literal(text)),")
}
lines += ["    ]", "}", ""]

do {
    try FileManager.default.createDirectory(
        at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(lines.joined(separator: "\n").utf8).write(to: output, options: .atomic)
} catch {
    fail("cannot write \(output.path): \(error)")
}
