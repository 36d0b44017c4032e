import ArgumentParser
import Foundation
import Scrollery
import ScrolleryCore
import ScrolleryPreview

/// `scrollery serve [SITE]`.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Preview the site: build it, serve it on 127.0.0.1, rebuild on change and reload the browser."
    )

    @Argument(help: "The site folder, holding scrollery.yml.", completion: .directory)
    var site = "."

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8000

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Flag(help: "Open the site in the default browser.")
    var open = false

    @Option(help: "Add this many milliseconds to every page and asset response (to see loading states).")
    var latency = 0

    @Option(name: .customLong("fail-rate"), help: "Answer this share (0–1) of page and asset requests with a 500.")
    var failRate = 0.0

    @Option(help: "Read the default theme from this folder and watch it (e.g. the repository's templates/).")
    var theme: String?

    @Option(help: "The output folder (default: `output` in scrollery.yml).")
    var output: String?

    @Option(name: .customLong("base-url"), help: "The path the site is served under, e.g. /gallery/.")
    var baseURL: String?

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
        guard (0...1).contains(failRate) else { throw ValidationError("--fail-rate must be from 0 to 1.") }
        guard latency >= 0 else { throw ValidationError("--latency must not be negative.") }
    }

    func run() async throws {
        var options = PreviewOptions()
        options.host = host
        options.port = port
        options.latency = .milliseconds(latency)
        options.failRate = failRate
        options.build.themeFolder = theme.map { URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL }
        let quiet = outputOptions.quiet
        let server = PreviewServer(
            siteFolder: URL(fileURLWithPath: site, isDirectory: true).standardizedFileURL,
            overrides: ConfigOverrides(output: output, baseURL: baseURL), options: options,
            logger: outputOptions.makeLogger(),
            report: { line in
                if !quiet || line.hasPrefix("error") {
                    StandardError.write((TerminalText.shown(line) + "\n"))
                }
            })
        let open = self.open
        do {
            try await server.run { url in
                if open { Self.openBrowser(url) }
            }
        } catch {
            StandardError.write("error: \(TerminalText.shown("\(error)"))\n")
            throw ExitCode.failure
        }
    }

    private static func openBrowser(_ url: URL) {
        let process = Process()
        #if os(macOS)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
            process.arguments = [url.absoluteString]
        #else
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["xdg-open", url.absoluteString]
        #endif
        do {
            try process.run()
        } catch {
            StandardError.write("Could not open a browser; open \(url.absoluteString) yourself.\n")
        }
    }
}
