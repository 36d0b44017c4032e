import Foundation
public import ScrolleryCore

/// One of N equal parts of a site's pictures (`--shard K/N`, K from 1): a picture belongs to the shard its
/// original's location hashes to, so every machine and every run splits the pictures the same way, and a
/// new item moves no picture but its own.
public struct PictureShard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    public let index: Int
    public let count: Int

    /// The most shards a site is split into.
    public static let maximumCount = 10_000

    /// Parses `K/N`: whole numbers with 1 ≤ K ≤ N ≤ `maximumCount`.
    /// - Throws: `PictureShardError`, saying what is wrong and what is expected.
    public init(parsing text: String) throws(PictureShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Self.number(parts[0]), let count = Self.number(parts[1]) else {
            throw PictureShardError(
                "`\(text)` is not a shard: write K/N with whole numbers, e.g. 3/16 for the third of 16 shards.")
        }
        guard (1...Self.maximumCount).contains(count) else {
            throw PictureShardError("`\(text)`: the number of shards must be from 1 to \(Self.maximumCount).")
        }
        guard (1...count).contains(index) else {
            throw PictureShardError("`\(text)`: the shard must be from 1 to \(count) (shards are counted from 1).")
        }
        self.init(index: index, count: count)
    }

    /// - Precondition: 1 ≤ `index` ≤ `count`.
    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether the picture whose original is at `location` (its URL, or its path in the site) is this
    /// shard's: the first 64 bits of the SHA-256 of the location, modulo the shard count.
    public func contains(original location: String) -> Bool {
        Self.shard(of: location, count: count) == index
    }

    /// The shard (1-based) a picture's original falls in, out of `count`.
    public static func shard(of location: String, count: Int) -> Int {
        Int(ContentDigest.head(of: location) % UInt64(count)) + 1
    }

    /// Digits only: no sign, no blanks, not too long to be a number.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 6, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}

/// A `--shard` value that is not one.
public struct PictureShardError: ScrolleryError, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension PictureShardError {
    public var problem: String { description }
}
