package import Foundation
package import ScrolleryCore

/// The file beside the manifest that keeps every page's render key, so a page whose key matches the
/// previous build's is linked instead of rendered again.
package enum RenderKeys {
    /// Where the previous build's keys are kept, beside its manifest.
    package static let fileName = ".scrollery-render-keys"

    /// Reads the keys a previous build wrote: path → key.
    package static func load(from folder: URL) -> [String: Fingerprint.Digest] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(fileName), encoding: .utf8) else {
            return [:]
        }
        var keys: [String: Fingerprint.Digest] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2, let key = Fingerprint.Digest(hex: parts[0]) { keys[String(parts[1])] = key }
        }
        return keys
    }
}
