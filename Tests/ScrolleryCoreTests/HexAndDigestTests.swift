import Foundation
import Testing

@testable import ScrolleryCore

/// The one hex encoder and the one SHA-256 of whole inputs.
@Suite("Hex digits and SHA-256")
struct HexAndDigestTests {
    @Test("bytes become two lower-case digits each, and each digit reads back in either case")
    func hexRoundTrip() {
        #expect(Hex.lowercase([0x00, 0x0F, 0xA5, 0xFF]) == "000fa5ff")
        #expect(Hex.lowercase([UInt8]()) == "")
        for byte in UInt8.min...UInt8.max {
            let text = Array(Hex.lowercase([byte]).utf8)
            #expect(Hex.value(of: text[0]).map { $0 << 4 | Hex.value(of: text[1])! } == byte)
        }
        #expect(Hex.value(of: UInt8(ascii: "F")) == 15)
        #expect(Hex.value(of: UInt8(ascii: "g")) == nil)
        #expect(Hex.isDigits("0aF9", count: 4))
        #expect(!Hex.isDigits("0aG9", count: 4))
        #expect(!Hex.isDigits("0a", count: 4))
    }

    @Test("SHA-256 of known inputs (FIPS 180-2 examples)")
    func knownDigests() {
        #expect(
            ContentDigest.hex(of: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            ContentDigest.hex(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ContentDigest.head(of: "abc") == 0xba78_16bf_8f01_cfea)
        #expect(ContentDigest.bytes(of: Array("abc".utf8)).count == 32)
    }

    @Test("a fingerprint's 32 digits read back to the same digest, leading zeros kept")
    func fingerprintHex() throws {
        let digest = Fingerprint.Digest(high: 0x0000_0000_0000_00ab, low: 0x0123_4567_89ab_cdef)
        #expect(digest.hex == "00000000000000ab0123456789abcdef")
        #expect(Fingerprint.Digest(hex: digest.hex) == digest)
    }
}
