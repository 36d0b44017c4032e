import ArgumentParser

/// The `scrollery` command: a thin shell over the Scrollery library.
@main
struct ScrolleryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrollery",
        abstract: "Build an infinite-scroll gallery of static pages from a paginated JSON source.",
        version: "0.1.0",
        subcommands: [
            BuildCommand.self, FetchCommand.self, PicturesCommand.self, InitCommand.self, CleanCommand.self,
            ServeCommand.self, DeployCommand.self,
        ],
        defaultSubcommand: BuildCommand.self
    )

    static func main() async {
        NetworkThreads.configure()
        await main(nil)
    }
}
