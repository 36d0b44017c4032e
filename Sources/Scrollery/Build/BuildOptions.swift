public import Foundation
import ScrolleryCore
public import ScrolleryIO

/// How one build runs, beyond what the config says.
public struct BuildOptions: Sendable {
    /// Fail the build (and keep the previous site) when any item's details fail.
    public var strict: Bool
    /// At most this many items, whatever `source.limit` says.
    public var maxItems: Int?
    /// At most this many detail requests in flight, whatever `detail.concurrency` says.
    public var concurrency: Int?
    /// How the HTTP cache is used (`--refresh`, `--offline`).
    public var cacheMode: CacheMode
    /// Remove files in the output folder that Scrollery did not write (`--clean`).
    public var clean: Bool
    /// Read the default theme from this folder instead of the compiled-in copy.
    public var themeFolder: URL?

    /// - Parameters:
    ///   - strict: fail on any item error.
    ///   - maxItems: a cap on the number of items.
    ///   - concurrency: a cap on detail requests in flight.
    ///   - cacheMode: how the HTTP cache is used.
    ///   - clean: remove files Scrollery did not write from the output folder.
    public init(
        strict: Bool = false, maxItems: Int? = nil, concurrency: Int? = nil, cacheMode: CacheMode = .normal,
        clean: Bool = false
    ) {
        self.strict = strict
        self.maxItems = maxItems
        self.concurrency = concurrency
        self.cacheMode = cacheMode
        self.clean = clean
        self.themeFolder = nil
    }
}
