import ArgumentParser

/// How much the command prints.
struct OutputOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print every source page and every item error.")
    var verbose = false

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    func validate() throws {
        if verbose && quiet { throw ValidationError("--verbose and --quiet cannot be used together.") }
    }
}
