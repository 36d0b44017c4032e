import ScrolleryCore

/// Sends http(s) locations to the HTTP fetcher and everything else to the local one.
package struct RoutingFetcher: Fetcher {
    package init(local: any Fetcher, remote: (any Fetcher)?) {
        self.local = local
        self.remote = remote
    }

    package let local: any Fetcher
    package let remote: (any Fetcher)?

    package func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        guard !Location.isLocal(request.location) else { return try await local.fetch(request) }
        guard let remote else {
            throw FetchError(.unsupported, location: request.location, reason: "remote fetching is not set up")
        }
        return try await remote.fetch(request)
    }
}
