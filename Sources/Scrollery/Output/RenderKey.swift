import Crypto
import Foundation

/// A fingerprint of everything a page is made from: the build (config, theme, version) and the page's
/// own inputs. A page whose key matches the previous build's is not rendered again: the previous file is
/// linked, so a rebuild with nothing changed does no template work and reads no old file.
struct RenderKey: Sendable {
    /// Where the previous build's keys are kept, beside its manifest.
    static let fileName = ".scrollery-render-keys"
    /// Changed whenever the same inputs would render differently (render-3: a page's key is made from its
    /// items' fingerprints).
    static let version = "scrollery-0.1/render-3"

    private var hasher = SHA256()
    /// Small additions are gathered here and given to the hasher a few KiB at a time.
    private var pending: [UInt8] = []
    private static let pendingLimit = 4096

    init(build: String) {
        pending.reserveCapacity(Self.pendingLimit)
        add(Self.version)
        add(build)
    }

    mutating func add(_ text: String) {
        append(text.utf8)
    }

    private static let separator: UInt8 = 0x1F

    mutating func add(_ data: Data) {
        append(data)
    }

    /// Adds raw bytes (a fixed-size value's), and a separator.
    mutating func add(bytes: UnsafeRawBufferPointer) {
        append(bytes)
    }

    mutating func add(_ number: Int?) {
        add(number.map(String.init) ?? "-")
    }

    mutating func add(_ digest: Digest) {
        withUnsafeBytes(of: (digest.high.bigEndian, digest.low.bigEndian)) { add(bytes: $0) }
    }

    /// Adds the bytes and a separator.
    private mutating func append(_ bytes: some Collection<UInt8>) {
        if pending.count + bytes.count > Self.pendingLimit { flush() }
        if bytes.count > Self.pendingLimit {
            if bytes.withContiguousStorageIfAvailable({ hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) })
                == nil
            {
                hasher.update(data: Array(bytes))
            }
        } else {
            pending.append(contentsOf: bytes)
        }
        pending.append(Self.separator)
    }

    private mutating func flush() {
        pending.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        pending.removeAll(keepingCapacity: true)
    }

    /// The fingerprint of everything a page shows of an item (but its slug): made once per item, for its
    /// own page's key and its listing page's.
    static func fingerprint(of item: GalleryItem) -> Digest {
        var key = RenderKey(build: "item")
        key.add(item.position)
        key.add(item.id)
        key.add(item.title)
        key.add(item.image?.src ?? "-")
        key.add(item.image?.width)
        key.add(item.image?.height)
        key.add(item.image?.alt ?? "-")
        key.add(item.description?.html ?? "-")
        key.add(item.description?.plainText ?? "-")
        key.add(item.date ?? "-")
        key.add(item.link ?? "-")
        key.add(item.error ?? "-")
        return key.finalize()
    }

    /// Adds an item shown under `slug`.
    mutating func add(_ item: GalleryItem, slug: String) {
        add(slug)
        add(item.fingerprint)
    }

    /// The key: the first 128 bits of the SHA-256.
    func finalize() -> Digest {
        var hasher = self.hasher
        pending.withUnsafeBytes { hasher.update(bufferPointer: $0) }
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
