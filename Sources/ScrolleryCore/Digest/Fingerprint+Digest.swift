extension Fingerprint {
    /// A fingerprint's value in 16 bytes (written as 32 hex digits where it is kept in a file).
    package struct Digest: Hashable, Sendable {
        package var high: UInt64
        package var low: UInt64

        package var hex: String {
            var text: [UInt8] = []
            text.reserveCapacity(32)
            appendHex(to: &text)
            return String(decoding: text, as: UTF8.self)
        }

        /// Appends the 32 hex digits of `hex` to `text`.
        package func appendHex(to text: inout [UInt8]) {
            for half in [high, low] {
                for shift in stride(from: 56, through: 0, by: -8) {
                    Hex.append(UInt8(truncatingIfNeeded: half >> shift), to: &text)
                }
            }
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
