extension Fingerprint {
    /// A fingerprint's value in 16 bytes (written as 32 hex digits where it is kept in a file).
    package struct Digest: Hashable, Sendable {
        package var high: UInt64
        package var low: UInt64

        package var hex: String {
            Hex.lowercase(
                (0..<16).map { index in UInt8(truncatingIfNeeded: (index < 8 ? high : low) >> (56 - 8 * (index % 8))) })
        }

        package init(high: UInt64, low: UInt64) {
            self.high = high
            self.low = low
        }

        package init?(hex: some StringProtocol) {
            guard hex.utf8.count == 32, let high = UInt64(hex.prefix(16), radix: 16),
                let low = UInt64(hex.suffix(16), radix: 16)
            else { return nil }
            self.init(high: high, low: low)
        }
    }
}
