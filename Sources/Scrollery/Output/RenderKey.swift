import Crypto
import Foundation

/// A fingerprint of everything a page is made from: the build (config, theme, version) and the page's
/// own inputs. A page whose key matches the previous build's is not rendered again: the previous file is
/// linked, so a rebuild with nothing changed does no template work and reads no old file.
struct RenderKey: Sendable {
    /// Where the previous build's keys are kept, beside its manifest.
    static let fileName = ".scrollery-render-keys"
    static let version = "scrollery-0.1/render-1"

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

    /// The key, as 32 hex digits.
    func finalize() -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(32)
        for byte in hasher.finalize().prefix(16) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
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
        return key.finalize()
    }

    /// Reads the keys a previous build wrote: path → key.
    static func load(from folder: URL) -> [String: String] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(fileName), encoding: .utf8) else {
            return [:]
        }
        var keys: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { keys[String(parts[1])] = String(parts[0]) }
        }
        return keys
    }
}
