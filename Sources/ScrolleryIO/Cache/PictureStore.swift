import ScrolleryCore

/// A place outside the cache folder where processed pictures are shared between machines and runs (a
/// bucket, `images.store`). It holds files of the cache folder's `images/` under the same relative names, so
/// a picture found there is copied into the cache and used as if it had been made here.
package protocol PictureStore: Sendable, CustomStringConvertible {
    /// Checks, with one cheap request, that the store answers and lets these credentials read it.
    /// - Throws: `PictureStoreError` saying what to check.
    func check() async throws(PictureStoreError)

    /// The bytes of the file `name` (relative to `images/`), or `nil` when the store has none.
    func contents(of name: String) async throws(PictureStoreError) -> [UInt8]?

    /// Keeps `bytes` as the file `name` (relative to `images/`), replacing any file of that name.
    func put(_ bytes: [UInt8], as name: String) async throws(PictureStoreError)
}

/// A picture store's request that failed: what failed and what to check, and whether the whole store is in
/// trouble or only this file.
package struct PictureStoreError: ScrolleryError, Sendable, Equatable {
    package enum Scope: Sendable, Equatable {
        /// The store as a whole (unreachable, refusing the credentials, missing, giving up after retries):
        /// later requests are not likely to fare better.
        case store
        /// This one file.
        case file
    }

    package let scope: Scope
    package let description: String

    package init(_ scope: Scope, _ description: String) {
        self.scope = scope
        self.description = description
    }
}

extension PictureStoreError {
    package var problem: String { description }
}
