/// Sends http(s) locations to the HTTP fetcher and everything else to the local one.
struct RoutingFetcher: Fetcher {
    let local: any Fetcher
    let remote: (any Fetcher)?

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        guard !LocalFileFetcher.handles(request.location) else { return try await local.fetch(request) }
        guard let remote else {
            throw FetchError(.unsupported, location: request.location, reason: "remote fetching is not set up")
        }
        return try await remote.fetch(request)
    }
}
