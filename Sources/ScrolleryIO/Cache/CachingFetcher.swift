import Foundation
package import Logging
package import ScrolleryCore

/// Puts the HTTP cache in front of the network: fresh entries are used without a request, stale ones
/// are revalidated (`If-None-Match` / `If-Modified-Since`, a 304 reuses the body), and when a request
/// fails after its retries a stale entry is used instead (stale-if-error).
package struct CachingFetcher: Fetcher {
    package init(
        network: any Fetcher, cache: HTTPCache, settings: CacheConfig, mode: CacheMode, statistics: FetchStatistics,
        redactor: Redactor, logger: Logger
    ) {
        self.network = network
        self.cache = cache
        self.settings = settings
        self.mode = mode
        self.statistics = statistics
        self.redactor = redactor
        self.logger = logger
    }

    package let network: any Fetcher
    package let cache: HTTPCache
    package let settings: CacheConfig
    package let mode: CacheMode
    package let statistics: FetchStatistics
    package let redactor: Redactor
    package let logger: Logger

    package func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let key = redactor(request.location)
        let slot = cache.slot(for: Self.entryName(of: request))
        var cached = mode == .refresh ? nil : cache.load(slot, url: key)
        // An entry of a build before the digest is JSON that must still parse (a power cut may have cut it):
        // whole, it is stored again with its digest, so it is checked by that from then on.
        if let entry = cached, entry.header.digest == nil, entry.missing == nil, case .json = request.content {
            if (try? JSONValue.parse(entry.body)) != nil { save(entry, in: slot) } else { cached = nil }
        }
        if mode == .offline {
            guard let cached else {
                throw FetchError(
                    .offline, location: key,
                    reason: "is not in the cache, and this run may only use the cache (--offline, or `scrollery "
                        + "pictures`); fill it first with `scrollery fetch` or a build online"
                )
            }
            statistics.update { $0.cacheHits += 1 }
            if let missing = cached.missing {
                throw FetchError(missing, location: key, reason: "HTTP \(cached.header.status) when it was fetched")
            }
            return cached.response(location: request.location)
        }
        // Online, what was missing is asked for again: a page or an item may be there now.
        if cached?.missing != nil { cached = nil }
        if let cached, isFresh(cached) {
            statistics.update { $0.cacheHits += 1 }
            return cached.response(location: request.location)
        }
        var conditional = request
        if let cached {
            // The cache's own validators, in place of any the caller had from elsewhere.
            conditional.headers.removeAll {
                ["if-none-match", "if-modified-since"].contains($0.name.lowercased())
            }
            if let etag = cached.header.headers["etag"] {
                conditional.headers.append(HTTPHeader(name: "If-None-Match", value: etag))
            }
            if let modified = cached.header.headers["last-modified"] {
                conditional.headers.append(HTTPHeader(name: "If-Modified-Since", value: modified))
            }
        }
        let response: FetchResponse
        do {
            response = try await network.fetch(conditional)
        } catch {
            if let status = CachedResponse.missingStatus(error.kind) {
                // Kept so that an offline run ends a source where the online one did (a page past the last).
                let answer = FetchResponse(body: Data(), status: status, location: request.location)
                save(CachedResponse(url: key, response: answer, storedAt: Date()), in: slot)
            }
            guard let cached, settings.staleIfError, Self.isTransient(error.kind) else { throw error }
            logger.notice("using the cached copy of \(key): \(error.reason)")
            statistics.update { $0.staleUsed += 1 }
            return cached.response(location: request.location)
        }
        if response.status == 304, cached == nil,
            !request.headers.contains(where: { ["if-none-match", "if-modified-since"].contains($0.name.lowercased()) })
        {
            throw FetchError(
                .status(304), location: key,
                reason: "answered 304 Not Modified to a request that was not conditional: the server, or a proxy "
                    + "on the way, is wrong")
        }
        if response.status == 304, let cached {
            statistics.update { $0.notModified += 1 }
            var refreshed = cached
            refreshed.header.storedAt = Date().timeIntervalSince1970
            for name in ["etag", "last-modified"] {
                if let value = response.headers[name] { refreshed.header.headers[name] = value }
            }
            save(refreshed, in: slot)
            return refreshed.response(location: request.location)
        }
        if case .image = request.content {
            if Self.usableImage(response) {
                save(CachedResponse(url: key, response: response, storedAt: Date()), in: slot)
            }
            return response
        }
        guard let parsed = Self.usableJSON(response) else { return response }
        save(CachedResponse(url: key, response: response, storedAt: Date()), in: slot)
        var parsedResponse = response
        parsedResponse.parsedJSON = parsed
        return parsedResponse
    }

    /// Only a response the build can use is kept: a broken page must be fetched again next time, not
    /// served from the cache until the TTL runs out. The JSON parsed to know it goes on with the response,
    /// so the source does not parse it a second time.
    private static func usableJSON(_ response: FetchResponse) -> JSONValue? {
        guard response.status == 200 else { return nil }
        if let type = response.headers["content-type"], !JSONMediaType.allows(type) { return nil }
        return try? JSONValue.parse(response.body)
    }

    /// An image is kept when it came whole with an image type (or none): the build decides later whether
    /// its bytes are a picture it can read.
    private static func usableImage(_ response: FetchResponse) -> Bool {
        guard response.status == 200, !response.body.isEmpty else { return false }
        guard let type = response.headers["content-type"]?.lowercased() else { return true }
        return type.hasPrefix("image/") || type.hasPrefix("application/octet-stream")
    }

    private func isFresh(_ entry: CachedResponse) -> Bool {
        switch settings.ttl {
        case .forever: return true
        case .duration(let ttl): return ttl > .zero && entry.age(now: Date()) < ttl
        }
    }

    /// What a response is filed under: the URL as requested, with its variables' values (the same path
    /// for two users is two entries), and the headers sent with it (a language, an API version), but not
    /// the credentials, so a token that changes every CI run does not empty the cache, nor validators. Only its SHA-256 is
    /// written out. A request with no headers is filed under its URL alone, as before headers counted.
    static func entryName(of request: FetchRequest) -> String {
        let headers = request.headers.filter { !unnamingHeaders.contains($0.name.lowercased()) }
            .map { "\($0.name.lowercased()): \($0.value)" }.sorted()
        return ([request.location] + headers).joined(separator: "\n")
    }

    /// Credentials, and validators: the cache sends its own, and a caller's (a picture's recorded `ETag`)
    /// must not file the response apart from the entry that holds it.
    private static let unnamingHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "if-none-match", "if-modified-since", "if-match",
        "if-unmodified-since", "if-range",
    ]

    private func save(_ entry: CachedResponse, in slot: HTTPCache.Slot) {
        do {
            try cache.store(entry, in: slot)
        } catch {
            logger.warning("could not write the cache entry for \(entry.header.url): \(error)")
        }
    }

    private static func isTransient(_ kind: FetchError.Kind) -> Bool {
        switch kind {
        case .connection, .timeout, .rateLimited, .hostDown: return true
        case .status(let status): return status >= 500 || status == 429
        default: return false
        }
    }
}
