import Foundation
import Scrollery
import ScrolleryPublish

/// Runs `body` with the builder given the site's picture store (`images.store`, a bucket reached with the
/// environment's credentials), or as it is when the config names none or pictures are off.
/// - Throws: `DeploySetupError` when the store's location or the credentials are wrong, before any request;
///   whatever `body` throws.
func withPictureStore<Result: Sendable>(
    _ builder: SiteBuilder, config: SiteConfig, _ body: (SiteBuilder) async throws -> Result
) async throws -> Result {
    guard config.images.enabled, let store = config.images.store else { return try await body(builder) }
    let target = try S3PictureStore.target(
        store: store, endpoint: config.deploy.endpoint, region: config.deploy.region,
        environment: ProcessInfo.processInfo.environment)
    // Pictures in flight at once are bounded by the image stage; this bounds their requests' connections.
    return try await HTTPS3Transport.with(concurrency: 16) { transport in
        var shared = builder
        shared.pictureStore = S3PictureStore(target: target, transport: transport)
        return try await body(shared)
    }
}
