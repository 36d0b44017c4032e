import ArgumentParser
import Foundation
import Scrollery
import ScrolleryCore

/// `scrollery init [DIR] --preset picsum|github|apod|local`.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a working site folder from a preset."
    )

    @Argument(help: "The new site folder.", completion: .directory)
    var directory = "."

    @Option(help: "One of: \(SitePreset.allCases.map(\.rawValue).joined(separator: ", ")).")
    var preset = SitePreset.local.rawValue

    @Option(name: .customLong("api-url"), help: "The API's address, for a mirror or a proxy (default: the public API).")
    var apiURL: String?

    func validate() throws {
        guard SitePreset(rawValue: preset) != nil else {
            throw ValidationError(
                "unknown preset `\(preset)`; use one of: \(SitePreset.allCases.map(\.rawValue).joined(separator: ", "))."
            )
        }
    }

    func run() throws {
        let preset = SitePreset(rawValue: self.preset) ?? .local
        let folder = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        do {
            let written = try preset.write(to: folder, apiURL: apiURL)
            print("Created \(preset.rawValue) site in \(folder.path) (\(written.count) files).")
            print("Build it with: scrollery build \(directory)")
        } catch {
            StandardError.write("error: \(TerminalText.shown("\(error)"))\n")
            throw ExitCode.failure
        }
    }
}
