import Foundation
import ScrolleryIO
import Synchronization

/// Publishes an output folder to a bucket: plans the folder against the bucket's side, read from the last
/// deploy's manifest or listed page by page as the plan goes (complete before the first write), checks the
/// delete limit, then uploads group by group in `PublishOrder` (each group finished before the next starts,
/// at most `concurrency` requests at once) and deletes last, in batches of 1,000. A dry run stops after the
/// plan, before the checks, so that it shows a plan the checks would refuse.
package struct Deployer: Sendable {
    /// The largest file sent in one PutObject; larger ones go in a multipart upload.
    package static let largestSinglePut: Int64 = 64 << 20

    package let outputFolder: String
    package let target: DeployTarget
    package let options: DeployOptions
    package let events: @Sendable (DeployEvent) -> Void

    package init(
        outputFolder: String, target: DeployTarget, options: DeployOptions,
        events: @escaping @Sendable (DeployEvent) -> Void = { _ in }
    ) {
        self.outputFolder = outputFolder
        self.target = target
        self.options = options
        self.events = events
    }

    /// Carries out the deploy through `transport` and returns what it did (what it would do, for a dry
    /// run). Throws before any write when the folder, the listing or the plan is wrong.
    package func run(transport: any S3Transport, log: @escaping @Sendable (String) -> Void = { _ in }) async throws
        -> (plan: PublishPlan, summary: DeploySummary)
    {
        let started = ContinuousClock.now
        try checkFolder()
        let limit = InFlightLimit(options.concurrency)
        let events = self.events
        let client = S3Client(
            transport: transport, credentials: target.credentials, endpoint: target.endpoint,
            location: target.location, log: log,
            onSlowDown: { events(.slowedDown(inFlight: limit.slowDown())) })

        let remote = try await remoteSide(client: client)
        let (plan, manifest) = try await makePlan(remote: remote)
        for (key, reason) in plan.skipped { events(.skipped(key: key, reason: reason)) }
        events(.planned(plan))
        func summary() -> DeploySummary {
            DeploySummary(
                location: target.location, uploaded: plan.uploads.count, uploadedBytes: plan.uploadBytes,
                deleted: plan.deletes.count, unchanged: plan.unchangedCount, elapsed: ContinuousClock.now - started)
        }
        // A dry run shows the whole plan, even one the checks below would refuse.
        if options.dryRun { return (plan, summary()) }
        try DeleteLimit.check(deleteCount: plan.deletes.count, limit: options.maxDeletes)
        // The manifest the bucket holds, so that one still right is not sent again. A listing reads it only
        // with --verify: otherwise there is none, or one this version does not read.
        let previousManifest: [UInt8]?
        switch remote {
        case .manifest(let entries): previousManifest = entries.bytes
        case .listing: previousManifest = options.verify ? try await client.get(path: DeployManifest.name) : nil
        }

        let writes = !plan.uploads.isEmpty || !plan.deletes.isEmpty
        if writes, previousManifest != nil {
            // From the first write to the new manifest, the old one would not describe the bucket: a deploy
            // cut short in between leaves none, and the next one lists what the bucket holds.
            for batch in try DeleteObjectsBatch.batches(of: [target.location.key(for: DeployManifest.name)]) {
                try await client.delete(batch)
            }
        }
        for step in PublishOrder.steps(of: plan) {
            switch step {
            case .upload(let group, let reason, let uploads):
                events(
                    .stepStarted(
                        name: "\(group), \(reason == .new ? "new" : "changed")", files: uploads.count,
                        bytes: uploads.reduce(0) { $0 + $1.file.size }))
                try await upload(uploads, client: client, limit: limit)
            case .delete(let deletes):
                events(.stepStarted(name: "deletes", files: deletes.count, bytes: 0))
                for batch in try DeleteObjectsBatch.batches(of: deletes.map(\.key)) {
                    try Task.checkCancellation()
                    try await client.delete(batch)
                    events(.deleted(count: batch.keys.count))
                }
            }
        }
        // Last, once the bucket holds the site: the next deploy plans from it. An unchanged one is not sent.
        if writes || manifest.bytes != previousManifest {
            try await client.put(manifest.bytes, path: DeployManifest.name)
        }
        if let file = options.changedPathsFile {
            let lines = ChangedPaths.of(uploads: plan.uploads, deletes: plan.deletes).map { $0 + "\n" }.joined()
            do {
                try Data(lines.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                throw DeploySetupError(
                    problem: "The deploy is done, but the changed paths could not be written to \(file) "
                        + "(\(error.localizedDescription)).",
                    fix: "Check that its folder exists and is writable.")
            }
        }
        return (plan, summary())
    }

    /// The output folder must be a finished Scrollery build: it holds `.scrollery-manifest`.
    func checkFolder() throws(DeploySetupError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: outputFolder, isDirectory: &isFolder), isFolder.boolValue else {
            throw DeploySetupError(
                problem: "The output folder \(outputFolder) does not exist.",
                fix: "Build the site first (scrollery build), then deploy.")
        }
        let manifest = outputFolder + "/" + OutputFolder.manifestName
        guard FileManager.default.fileExists(atPath: manifest) else {
            throw DeploySetupError(
                problem: "\(outputFolder) is not a finished Scrollery build: it has no \(OutputFolder.manifestName).",
                fix: "Run scrollery build and deploy when it succeeds; deploy publishes only folders Scrollery wrote.")
        }
    }

    /// Where the plan reads what the bucket holds under the prefix from.
    enum RemoteSide {
        /// The previous deploy's manifest (one GET), checked whole.
        case manifest(ManifestEntries)
        /// A listing, read page by page as the merge goes.
        case listing(ListedRemoteObjects)
    }

    /// The previous deploy's manifest when there is one this version reads, else (and with `--verify`) a
    /// listing of the bucket. Nothing is listed yet: the merge reads the listing.
    func remoteSide(client: S3Client) async throws -> RemoteSide {
        if options.verify {
            events(.listing(reason: "--verify lists the bucket"))
        } else if let bytes = try await client.get(path: DeployManifest.name) {
            if let entries = ManifestEntries(validating: bytes, prefix: target.location.prefix) {
                events(.manifestRead(objects: entries.count))
                return .manifest(entries)
            }
            events(.listing(reason: "the manifest \(DeployManifest.name) is not one this version reads"))
        } else {
            events(.listing(reason: "there is no manifest yet (\(DeployManifest.name))"))
        }
        let events = self.events
        return .listing(
            ListedRemoteObjects(client: client, prefix: target.location.prefix) { events(.listed(objects: $0)) })
    }

    /// The plan from the folder's files, walked in key order, and the bucket's side, with the new manifest:
    /// every file of the site gets one decision in key order, an upload or unchanged, and a line there.
    func makePlan(remote: RemoteSide) async throws -> (plan: PublishPlan, manifest: DeployManifest) {
        let tree = LocalTree(root: outputFolder, headerRules: options.headerRules)
        var plan = PublishPlan()
        var manifest = DeployManifest()
        func take(_ decision: PublishPlanner.Decision) {
            plan.add(decision)
            switch decision {
            case .upload(let upload): manifest.add(upload.file)
            case .unchanged(let file): manifest.add(file)
            case .delete, .skip: break
            }
        }
        let prefix = target.location.prefix
        switch remote {
        case .manifest(let entries): try PublishPlanner.merge(local: tree, remote: entries, prefix: prefix, take)
        case .listing(let objects): try await PublishPlanner.merge(local: tree, remote: objects, prefix: prefix, take)
        }
        if let failure = tree.failure { throw failure }
        return (plan, manifest)
    }

    /// One group's uploads, at most `limit` at once; the first failure stops the group.
    private func upload(_ uploads: [PlannedUpload], client: S3Client, limit: InFlightLimit) async throws {
        let folder = outputFolder
        let rules = options.headerRules
        let events = self.events
        try await withThrowingTaskGroup(of: Void.self) { group in
            var running = 0
            for upload in uploads {
                while running >= limit.current {
                    try await group.next()
                    running -= 1
                }
                try Task.checkCancellation()
                group.addTask {
                    let file = upload.file
                    let headers = UploadHeaders(path: file.path, rules: rules)
                    if file.size > Deployer.largestSinglePut {
                        try await client.putMultipart(file, from: folder + "/" + file.path, headers: headers)
                    } else {
                        try await client.put(file, from: folder + "/" + file.path, headers: headers)
                    }
                    limit.succeeded()
                    events(.uploaded(path: file.path, bytes: file.size))
                }
                running += 1
            }
            try await group.waitForAll()
        }
    }
}

/// How many requests may be in flight: the `--concurrency` at first, halved (to one at least) each time
/// the server says SlowDown, and one more again after each run of as many successes in a row as the limit
/// allows, up to the `--concurrency` (additive increase, multiplicative decrease, as TCP does).
final class InFlightLimit: Sendable {
    private struct State {
        var limit: Int
        var successes = 0
    }

    private let ceiling: Int
    private let state: Mutex<State>

    init(_ initial: Int) {
        ceiling = max(initial, 1)
        state = Mutex(State(limit: ceiling))
    }

    var current: Int { state.withLock { $0.limit } }

    /// Halves the limit and returns the new one.
    func slowDown() -> Int {
        state.withLock { state in
            state.limit = max(1, state.limit / 2)
            state.successes = 0
            return state.limit
        }
    }

    /// Counts a request that succeeded; after `limit` of them in a row, the limit grows by one (up to the
    /// initial one).
    func succeeded() {
        state.withLock { state in
            guard state.limit < ceiling else { return }
            state.successes += 1
            if state.successes >= state.limit {
                state.limit += 1
                state.successes = 0
            }
        }
    }
}
