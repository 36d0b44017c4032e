import ArgumentParser
import Foundation

/// The `scrollery` command: a thin shell over the Scrollery library.
@main
struct ScrolleryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrollery",
        abstract: "Build an infinite-scroll gallery of static pages from a paginated JSON source.",
        version: ScrolleryVersion.description,
        subcommands: [
            BuildCommand.self, FetchCommand.self, PicturesCommand.self, InitCommand.self, CheckCommand.self,
            CleanCommand.self,
            ServeCommand.self, DeployCommand.self,
        ],
        defaultSubcommand: BuildCommand.self
    )

    static func main() async {
        // A reader that goes away (`| head`) costs the text it did not read, never the run (a build, a
        // deploy) that was writing it.
        signal(SIGPIPE, SIG_IGN)
        NetworkThreads.configure()
        await main(nil)
    }
}
