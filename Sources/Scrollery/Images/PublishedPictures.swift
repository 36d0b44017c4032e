import Foundation
import ScrolleryIO

/// Writes the variants of the pictures a build shows (and the originals' copies offered for download) into
/// its output, each once, from the cache: a file the previous build published is kept as it was (its name
/// is made of its bytes' origin), the others are copied. Files no longer shown are not listed, so they
/// leave the output.
struct PublishedPictures {
    let cache: VariantCache
    /// The keys of the pictures written so far (16 bytes each, however many items share a picture).
    private var written: Set<String> = []
    /// The originals in `static/` (as paths inside it) that were published as variants: they are not
    /// copied to the output as well.
    private(set) var localOriginals: Set<String> = []

    init(cache: VariantCache) {
        self.cache = cache
    }

    mutating func write(_ items: [GalleryItem], into output: inout OutputWriter) throws {
        let store = output.store
        for item in items {
            guard case .published(let picture) = item.picture else { continue }
            if let path = item.image?.staticPath { localOriginals.insert(path) }
            guard written.insert(picture.key).inserted else { continue }
            for name in picture.fileNames {
                let path = "images/" + name
                if store.previousManifest.contains(path), access(store.outputFolder + "/" + path, F_OK) == 0 {
                    try output.record(path, changed: false)
                    continue
                }
                guard let bytes = cache.contents(of: name) else {
                    throw OutputError(
                        path: cache.path(of: name),
                        problem: "was removed from the cache during the build; build again.")
                }
                try output.record(path, changed: try store.write(bytes, to: path))
            }
        }
    }
}
