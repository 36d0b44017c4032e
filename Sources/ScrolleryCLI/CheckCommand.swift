import ArgumentParser
import Foundation
import Scrollery
import ScrolleryCore

/// `scrollery check [SITE]`: reads the config and says whether a build could start here, fetching nothing.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Read scrollery.yml and say whether a build can start here, without fetching or writing anything.",
        discussion: "Exits non-zero when the config is invalid, or when the site's pictures need libvips and it "
            + "cannot be opened."
    )

    @Argument(help: "The site folder, holding scrollery.yml.", completion: .directory)
    var site = "."

    @Flag(
        name: .customLong("needs-libvips"),
        help: "Print `yes` when a build of the site may decode pictures (and so needs libvips), else `no`.")
    var needsLibvips = false

    @Flag(
        name: .customLong("cache-folder"),
        help: "Print the folder of the site's HTTP cache (cache.dir), for a CI step that keeps it between runs.")
    var cacheFolder = false

    func run() throws {
        let config: SiteConfig
        do {
            config = try SiteConfig.load(siteFolder: URL(fileURLWithPath: site, isDirectory: true).standardizedFileURL)
        } catch {
            StandardError.write("error: \(TerminalText.shown("\(error)"))\n")
            throw ExitCode.failure
        }
        let needed = PictureLibrary.isNeeded(by: config)
        if needsLibvips || cacheFolder {
            if needsLibvips { print(needed ? "yes" : "no") }
            if cacheFolder { print(config.cache.folder.path) }
            return
        }
        let file = config.siteFolder.appendingPathComponent(SiteConfig.fileName).path
        print("\(TerminalText.shown(file)): valid.")
        guard needed else {
            print(
                config.images.enabled
                    ? "Pictures: on, all of them the site's own SVG files: libvips is not needed."
                    : "Pictures: off: libvips is not needed.")
            return
        }
        if let failure = PictureLibrary.openFailure {
            StandardError.write("error: \(PictureLibrary.missing(failure))\n")
            throw ExitCode.failure
        }
        print("Pictures: on; libvips opens.")
    }
}
