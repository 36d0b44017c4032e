import ArgumentParser
import Logging

/// How much the command prints.
struct OutputOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print every step: each source page and item error, or each request of a deploy.")
    var verbose = false

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    func validate() throws {
        if verbose && quiet { throw ValidationError("--verbose and --quiet cannot be used together.") }
    }

    /// A logger to standard error: debug with `--verbose`, errors only with `--quiet`, notices otherwise.
    func makeLogger() -> Logger {
        var logger = Logger(label: "scrollery") { TerminalLogHandler(StreamLogHandler.standardError(label: $0)) }
        logger.logLevel = verbose ? .debug : quiet ? .error : .notice
        return logger
    }
}
