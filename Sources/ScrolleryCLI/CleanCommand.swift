import ArgumentParser
import Foundation
import Scrollery
import ScrolleryCore

/// `scrollery clean [SITE] --cache`.
struct CleanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Remove the HTTP cache (--cache) or the built site (--output) of a site."
    )

    @Argument(help: "The site folder, holding scrollery.yml.", completion: .directory)
    var site = "."

    @Flag(help: "Remove the HTTP cache: the next build fetches everything.")
    var cache = false

    @Flag(help: "Remove the output folder, if Scrollery wrote it.")
    var output = false

    func validate() throws {
        if !cache && !output { throw ValidationError("Say what to remove: --cache, --output, or both.") }
    }

    func run() throws {
        do {
            let config = try SiteConfig.load(
                siteFolder: URL(fileURLWithPath: site, isDirectory: true).standardizedFileURL)
            if cache {
                print(try SiteCleaner.removeCache(of: config))
            }
            if output {
                print(try SiteCleaner.removeOutput(of: config))
            }
        } catch {
            StandardError.write("error: \(TerminalText.shown("\(error)"))\n")
            throw ExitCode.failure
        }
    }
}
