import Crypto
package import Foundation

/// The one hash of Scrollery: a SHA-256 of a sequence of fields (each followed by a separator byte),
/// cut to its first 128 bits. Render keys, item fingerprints, input fingerprints and file identities are
/// all made with it, so one change of scheme (its `version`) invalidates them all together.
package struct Fingerprint: Sendable {
    /// The scheme's name: changed whenever the same inputs would render differently, so that every key made
    /// before is new again. (Why each step was taken is in the commit that took it.)
    package static let version = "scrollery-0.1/render-4"

    private var hasher = SHA256()
    /// Small additions are gathered here and given to the hasher a few KiB at a time.
    private var pending: [UInt8] = []
    private static let pendingLimit = 4096
    private static let separator: UInt8 = 0x1F

    /// A fingerprint of `kind` ("item", "file", a build's key...): different kinds never share a digest.
    package init(build: String) {
        pending.reserveCapacity(Self.pendingLimit)
        add(Self.version)
        add(build)
    }

    package mutating func add(_ text: String) {
        append(text.utf8)
    }

    /// Adds text held as its UTF-8 bytes: the same as adding the text.
    package mutating func add(utf8 bytes: [UInt8]) {
        append(bytes)
    }

    package mutating func add(_ data: Data) {
        append(data)
    }

    /// Adds raw bytes (a fixed-size value's), and a separator.
    package mutating func add(bytes: UnsafeRawBufferPointer) {
        append(bytes)
    }

    package mutating func add(_ number: Int?) {
        add(number.map(String.init) ?? "-")
    }

    package mutating func add(_ digest: Digest) {
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

    /// The digest: the first 128 bits of the SHA-256. Consuming, so that a fingerprint used no more hands
    /// its hasher over instead of copying the hasher's state to add the last bytes.
    package consuming func finalize() -> Digest {
        pending.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return hasher.finalize().withUnsafeBytes { bytes in
            Digest(
                high: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                low: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }
    }
}
