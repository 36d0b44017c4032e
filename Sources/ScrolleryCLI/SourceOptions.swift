import ArgumentParser

/// The options of the commands that read the source: `build`, `fetch` and `pictures`.
struct SourceOptions: ParsableArguments {
    @Option(name: .customLong("max-items"), help: "Take at most this many items of the source.")
    var maxItems: Int?

    @Flag(
        help: ArgumentHelp(
            "Fail when any item's details fail (for pictures: when any picture fails).",
            discussion: "A build then publishes nothing; what fetch and pictures put in the cache stays there."))
    var strict = false

    @Flag(help: "Ignore the HTTP cache: fetch everything again (and store it).")
    var refresh = false

    func validate() throws {
        if let maxItems, maxItems < 1 { throw ValidationError("--max-items must be at least 1.") }
    }
}

/// `--concurrency`, for the commands that fetch details: `build` and `fetch`.
struct DetailConcurrencyOption: ParsableArguments {
    @Option(help: "At most this many detail requests at once.")
    var concurrency: Int?

    func validate() throws {
        if let concurrency, !(1...64).contains(concurrency) {
            throw ValidationError("--concurrency must be from 1 to 64.")
        }
    }
}
