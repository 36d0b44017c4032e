import Crypto
import Foundation

/// A fingerprint of everything a page is made from: the build (config, theme, version) and the page's
/// own inputs. A page whose key matches the previous build's is not rendered again: the previous file is
/// linked, so a rebuild with nothing changed does no template work and reads no old file.
struct RenderKey: Sendable {
    /// Where the previous build's keys are kept, beside its manifest.
    static let fileName = ".scrollery-render-keys"
    /// Changed whenever the same inputs would render differently (render-2: Scrollery's own Mustache engine).
    static let version = "scrollery-0.1/render-2"

    private var hasher = SHA256()

    init(build: String) {
        add(Self.version)
        add(build)
    }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        withUnsafeBytes(of: Self.separator) { hasher.update(bufferPointer: $0) }
    }

    private static let separator: UInt8 = 0x1F

    mutating func add(_ data: Data) {
        data.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        withUnsafeBytes(of: Self.separator) { hasher.update(bufferPointer: $0) }
    }

    mutating func add(_ number: Int?) {
        add(number.map(String.init) ?? "-")
    }

    mutating func add(_ item: GalleryItem, slug: String) {
        add(slug)
        add(item.position)
        add(item.id)
        add(item.title)
        add(item.image?.src ?? "-")
        add(item.image?.width)
        add(item.image?.height)
        add(item.image?.alt ?? "-")
        add(item.description?.html ?? "-")
        add(item.description?.plainText ?? "-")
        add(item.date ?? "-")
        add(item.link ?? "-")
        add(item.error ?? "-")
    }

    /// The key: the first 128 bits of the SHA-256.
    func finalize() -> Digest {
        var digest = Digest(high: 0, low: 0)
        for (index, byte) in hasher.finalize().prefix(16).enumerated() {
            if index < 8 {
                digest.high = digest.high << 8 | UInt64(byte)
            } else {
                digest.low = digest.low << 8 | UInt64(byte)
            }
        }
        return digest
    }

    /// A page's key in 16 bytes, kept for every page of the build (as 32 hex digits in the keys file).
    struct Digest: Hashable, Sendable {
        var high: UInt64
        var low: UInt64

        var hex: String {
            let high = String(self.high, radix: 16)
            let low = String(self.low, radix: 16)
            return String(repeating: "0", count: 16 - high.count) + high + String(repeating: "0", count: 16 - low.count)
                + low
        }

        init(high: UInt64, low: UInt64) {
            self.high = high
            self.low = low
        }

        init?(hex: some StringProtocol) {
            guard hex.utf8.count == 32, let high = UInt64(hex.prefix(16), radix: 16),
                let low = UInt64(hex.suffix(16), radix: 16)
            else { return nil }
            self.init(high: high, low: low)
        }
    }

    /// The fingerprint of a whole build's rendering: the config file, the theme's files and the settings
    /// that reach every page.
    static func build(config: SiteConfig, theme: Theme) -> String {
        var key = RenderKey(build: "")
        key.add((try? String(contentsOf: config.file, encoding: .utf8)) ?? "")
        key.add(config.baseURL.path)
        key.add(config.baseURL.origin ?? "-")
        key.add(config.title)
        key.add(config.description ?? "-")
        key.add(config.scroll.autoPages)
        key.add(config.pageSize)
        key.add(theme.fingerprint)
        return key.finalize().hex
    }

    /// Reads the keys a previous build wrote: path → key.
    static func load(from folder: URL) -> [String: Digest] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(fileName), encoding: .utf8) else {
            return [:]
        }
        var keys: [String: Digest] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2, let key = Digest(hex: parts[0]) { keys[String(parts[1])] = key }
        }
        return keys
    }
}
