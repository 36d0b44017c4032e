/// A small deterministic random generator (SplitMix64), so a failing document can be reproduced.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeededGenerator {
    /// A text of 0 to `maximumLength` characters, each drawn from `alphabet`.
    package mutating func text(from alphabet: String, maximumLength: Int) -> String {
        let characters = Array(alphabet)
        let length = Int.random(in: 0...maximumLength, using: &self)
        return String((0..<length).map { _ in characters.randomElement(using: &self) ?? " " })
    }
}
