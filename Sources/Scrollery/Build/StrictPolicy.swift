/// What `--strict` refuses, the same for a build and a step of a split build: any item whose details
/// failed, any picture that could not be had, and (in an offline build) any picture that was in neither
/// cache. Without `--strict` such items are published in their error state.
struct StrictPolicy: Sendable {
    /// What a refused run does with what it made.
    enum Run: Sendable {
        /// A build: nothing is published.
        case build
        /// A step of a split build: what it fetched or made is kept in the cache.
        case cacheStep
    }

    /// Whether `--strict` is on.
    let enabled: Bool
    let run: Run

    /// The refusal of a run that counted these failures, or `nil` when it may go on.
    /// - Parameter hostsDown: the hosts that went down, described for the message (empty when none did).
    func refusal(detailsFailed: Int, pictures: ImageCounts, hostsDown: String) -> BuildError.Refusal? {
        guard enabled else { return nil }
        let down = hostsDown.isEmpty ? "" : " Hosts down: \(hostsDown)."
        if detailsFailed > 0 {
            let fix =
                run == .build
                ? "Fix the source, or build without --strict to publish them in their error state."
                : "What was fetched is kept in the cache; fix the source and run again."
            return .init(
                counts: .init(detailsFailed: detailsFailed),
                message: "\(detailsFailed) item(s) failed their details and --strict is on.\(down) \(fix)")
        }
        if pictures.missing > 0 {
            return .init(
                counts: .init(picturesMissing: pictures.missing),
                message: "\(pictures.missing) picture(s) were in neither cache and --strict is on: a pictures shard's "
                    + "work is missing. Run the missing shard again and merge its cache folder, or build without "
                    + "--strict to process them in this build.")
        }
        if pictures.failed > 0 {
            let fix =
                run == .build
                ? "Fix the source, or build without --strict to publish those cards with the image error state."
                : "The others are kept in the cache; fix the source and run again."
            return .init(
                counts: .init(picturesFailed: pictures.failed),
                message: "\(pictures.failed) picture(s) could not be had and --strict is on.\(down) \(fix)")
        }
        return nil
    }
}
