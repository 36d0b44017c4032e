/// Lower-case hexadecimal: the one encoder of bytes as hex digits (digests, signatures, escapes, colours)
/// and its reading back.
public enum Hex {
    /// The digit of `nibble` (0 to 15): `0`–`9`, `a`–`f`.
    @inlinable
    public static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
    }

    /// The digit of `nibble` (0 to 15) as percent-encoding writes it: `0`–`9`, `A`–`F`.
    @inlinable
    public static func uppercaseDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") - 10 + nibble
    }

    /// Appends the two digits of `byte`, high first.
    @inlinable
    public static func append(_ byte: UInt8, to text: inout [UInt8]) {
        text.append(digit(byte >> 4))
        text.append(digit(byte & 0x0F))
    }

    /// Two digits a byte, in order.
    public static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes { append(byte, to: &text) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The value of one hex digit, in either case, or `nil` when it is not one.
    public static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Whether `byte` is a hexadecimal digit, in either case.
    public static func isDigit(_ byte: UInt8) -> Bool { value(of: byte) != nil }

    /// Whether `text` is `count` hexadecimal digits, in either case.
    public static func isDigits(_ text: some StringProtocol, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy(isDigit)
    }
}
