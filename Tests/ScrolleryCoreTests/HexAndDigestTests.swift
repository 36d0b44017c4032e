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

    @Test("a fingerprint is SHA-256 over its fields, each followed by 0x1F, cut to 128 bits (as hashlib makes it)")
    func fingerprintScheme() {
        // Every render key and item fingerprint is made this way: a change here without a new
        // `Fingerprint.version` would let an old key match a page rendered differently.
        #expect(Fingerprint.version == "scrollery-0.1/render-4")
        var key = Fingerprint(build: "item")
        key.add("Ærøskøbing — 東京 🌸")
        key.add("")
        key.add(42)
        key.add(nil as Int?)
        key.add(Fingerprint.Digest(high: 0xab, low: 0x0123_4567_89ab_cdef))
        #expect(key.finalize().hex == "0baeb1d99f1ed2c9f3d9945e847e330e")
        // A field longer than the bytes gathered before hashing (4 KiB) goes to the hasher at once.
        var long = Fingerprint(build: "item")
        long.add(String(repeating: "é", count: 3000))
        long.add("x")
        #expect(long.finalize().hex == "5aacfbc3c772950d87abd932bc816206")
    }

    @Test("a fingerprint's 32 digits read back to the same digest, leading zeros kept")
    func fingerprintHex() throws {
        let digest = Fingerprint.Digest(high: 0x0000_0000_0000_00ab, low: 0x0123_4567_89ab_cdef)
        #expect(digest.hex == "00000000000000ab0123456789abcdef")
        #expect(Fingerprint.Digest(hex: digest.hex) == digest)
        var line = Array("key ".utf8)
        digest.appendHex(to: &line)
        #expect(String(decoding: line, as: UTF8.self) == "key " + digest.hex)
    }
}

/// The one backoff of the fetcher and the deploy's client.
@Suite("Backoff with full jitter")
struct BackoffTests {
    @Test("the ceiling doubles from the base and stops at the cap; the wait is the jitter's share of it")
    func ceilingAndShare() {
        let backoff = Backoff(base: .milliseconds(250), cap: .seconds(20))
        #expect(
            (0...8).map { backoff.ceiling(attempt: $0) / .milliseconds(1) } == [
                250, 500, 1000, 2000, 4000, 8000, 16000, 20000, 20000,
            ])
        #expect(backoff.ceiling(attempt: 10_000) == .seconds(20))
        #expect(backoff.ceiling(attempt: -1) == .milliseconds(250))
        #expect(backoff.wait(attempt: 2, random: 0) == .zero)
        #expect(backoff.wait(attempt: 2, random: 0.25) == .milliseconds(250))
        #expect(backoff.wait(attempt: 2, random: 1) == .seconds(1))
        #expect(backoff.wait(attempt: 2, random: 7) == .seconds(1))
        #expect(backoff.wait(attempt: 2, random: -1) == .zero)
    }

    @Test("a jitter source gives what it is made with")
    func jitterSource() {
        #expect(JitterSource { 0.75 }.next() == 0.75)
        #expect((0..<50).allSatisfy { _ in (0...1).contains(JitterSource.system.next()) })
    }
}
