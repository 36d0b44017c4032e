import ScrolleryCore
import ScrolleryIO

/// The fetchers of one run, made in one place for what the run is: a build, or a step of a split build.
/// Local paths go to the site folder's reader and http(s) locations through the HTTP cache, in the mode
/// the run reads the cache in.
struct BuildFetchers: Sendable {
    /// What a run reads its locations for.
    enum Purpose: Sendable {
        /// A whole build: the source, details and pictures as `--refresh` or `--offline` say.
        case build
        /// A `fetch` step: the source and details into the HTTP cache.
        case fetchStep
        /// A `pictures` step: the items as the `fetch` step left them in the cache, the pictures as a build
        /// fetches them.
        case picturesStep
    }

    /// The reader of local files (the site folder).
    let local: LocalFileFetcher
    /// The fetcher of every location when a caller gave its own; the others are not used then.
    let custom: (any Fetcher)?
    /// http(s) sources and details, through the HTTP cache; `nil` when nothing of the run is remote.
    let remote: (any Fetcher)?
    /// http(s) pictures, when they are read in another mode than the items (a pictures step).
    let remotePictures: (any Fetcher)?
    /// Offline, http(s) pictures that are in neither cache (a pictures shard's work that went missing).
    let remoteMissingPictures: (any Fetcher)?
    /// Whether the source and details are all local files: such a build may find its inputs unchanged.
    let sourceIsLocal: Bool

    /// What reads the source and details.
    var items: any Fetcher { custom ?? routed(remote) }

    /// What reads the source, details and local pictures, keeping the identity of each local file read (for
    /// the next build to compare its inputs with).
    func items(keepingIdentitiesIn files: FileIdentities) -> any Fetcher {
        custom ?? routed(remote, local: local.keepingIdentities(in: files))
    }

    /// What reads the pictures of a pictures step.
    var pictures: any Fetcher { custom ?? routed(remotePictures ?? remote) }

    /// Offline, what reads a picture that is in neither cache; `nil` when none is fetched that way.
    var missingPictures: (any Fetcher)? { remoteMissingPictures.map { routed($0) } }

    /// Local paths to `local` (the site folder's reader by default), http(s) locations to `remote`: the
    /// one place a run's routing is made.
    private func routed(_ remote: (any Fetcher)?, local: LocalFileFetcher? = nil) -> any Fetcher {
        RoutingFetcher(local: local ?? self.local, remote: remote)
    }
}

extension SiteBuilder {
    /// Runs `body` with the fetchers `purpose` needs: the caller's own, the local files alone (a build whose
    /// every location is local), or the network and the HTTP cache, shut down once `body` returns.
    func withFetchers<Result>(
        for purpose: BuildFetchers.Purpose, _ body: (BuildFetchers) async throws(BuildError) -> Result
    ) async throws(BuildError) -> Result {
        let local = LocalFileFetcher(siteFolder: config.siteFolder, maxBodySize: config.fetch.maxBodySize)
        func fetchers(
            custom: (any Fetcher)? = nil, remote: (any Fetcher)? = nil, pictures: (any Fetcher)? = nil,
            missing: (any Fetcher)? = nil
        ) -> BuildFetchers {
            BuildFetchers(
                local: local, custom: custom, remote: remote, remotePictures: pictures, remoteMissingPictures: missing,
                sourceIsLocal: custom == nil && !usesHTTP)
        }
        if let customFetcher { return try await body(fetchers(custom: customFetcher)) }
        if purpose == .build, !usesHTTP, !config.images.enabled { return try await body(fetchers()) }
        return try await withNetwork { network, cache throws(BuildError) in
            switch purpose {
            case .build:
                let missing =
                    options.cacheMode == .offline && config.images.enabled
                    ? caching(network, cache, mode: .normal) : nil
                return try await body(
                    fetchers(remote: caching(network, cache, mode: options.cacheMode), missing: missing))
            case .fetchStep:
                return try await body(fetchers(remote: caching(network, cache, mode: options.cacheMode)))
            case .picturesStep:
                let mode: CacheMode = options.cacheMode == .refresh ? .refresh : .normal
                return try await body(
                    fetchers(
                        remote: caching(network, cache, mode: .offline),
                        pictures: caching(network, cache, mode: mode)))
            }
        }
    }

    /// Runs `body` with the network and the HTTP cache: one pooled client for the whole run, shut down on
    /// every path.
    func withNetwork<Result>(
        _ body: (HTTPFetcher, HTTPCache) async throws(BuildError) -> Result
    ) async throws(BuildError) -> Result {
        let client = HTTPFetcher.makeClient(
            config.fetch, largestBody: config.images.enabled ? config.images.maxBytes : nil)
        let network = HTTPFetcher(
            client: client, settings: config.fetch, statistics: statistics, redactor: config.redactor, logger: logger,
            clock: retryClock)
        let cache = HTTPCache(folder: config.cache.folder)
        cache.removeAbandonedTemporaryFiles()
        let result: Swift.Result<Result, BuildError>
        do {
            result = .success(try await body(network, cache))
        } catch {
            result = .failure(error)
        }
        do {
            try await client.shutdown()
        } catch {
            logger.debug("the HTTP client did not shut down cleanly: \(error)")
        }
        return try result.get()
    }

    /// The network behind the HTTP cache, used as `mode` says.
    func caching(_ network: HTTPFetcher, _ cache: HTTPCache, mode: CacheMode) -> CachingFetcher {
        CachingFetcher(
            network: network, cache: cache, settings: config.cache, mode: mode, statistics: statistics,
            redactor: config.redactor, logger: logger)
    }

    var usesHTTP: Bool {
        ([config.source.url] + [config.detail?.url].compactMap { $0 }).contains { !Location.isLocal($0) }
    }
}
