import CByteScan

/// White space folded: the words of a text joined by single spaces, as splitting on
/// `Character.isWhitespace` gives them (the plain text of a description, for excerpts).
package enum WhiteSpace {
    /// The words of `text` joined by single spaces, as splitting on `Character.isWhitespace` gives them.
    /// The text is folded byte by byte, whatever its script; only where a white-space character could join a
    /// grapheme with its neighbour (a combining mark after a space, an Arabic prepended sign before one) is
    /// the text split Character by Character instead.
    package static func fold(_ text: String) -> String {
        var text = text
        let folded: String? = text.withUTF8(foldUTF8)
        return folded ?? foldByCharacters(text)
    }

    /// The reference: the words of `text` by Character.
    package static func foldByCharacters(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The folded valid UTF-8, or `nil` when a white-space scalar may not stand as a Character of its own. Runs of
    /// words are copied as they are; a scalar is decoded only where it may be white space (after a lead
    /// byte that white space past ASCII has), after white space, and before it.
    package static func foldUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var joins = false
        let folded = String(unsafeUninitializedCapacity: bytes.count) { output in
            guard let count = fold(bytes, into: output) else {
                joins = true
                return 0
            }
            return count
        }
        return joins ? nil : folded
    }

    /// `foldUTF8` as bytes, not made into a String and so not checked again: `bytes` must be valid UTF-8
    /// (the caller's promise; a debug build checks it).
    package static func foldUTF8Bytes(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        assert(String(validating: bytes, as: UTF8.self) != nil, "foldUTF8Bytes is given valid UTF-8 only")
        var joins = false
        let folded = [UInt8](unsafeUninitializedCapacity: bytes.count) { output, count in
            guard let written = fold(bytes, into: output) else {
                joins = true
                count = 0
                return
            }
            count = written
        }
        return joins ? nil : folded
    }

    /// Writes the folded bytes into `output` (room for all of `bytes`) and returns how many; `nil` when a
    /// white-space scalar may not stand as a Character of its own, or when the bytes end inside a scalar.
    private static func fold(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>)
        -> Int?
    {
        var count = 0
        var pendingSpace = false
        var previousWasSpace = false
        var index = 0
        /// Copies `length` bytes of a word from `start`, after the space that white space before it left.
        func copyWord(from start: Int, length: Int) {
            if pendingSpace {
                output[count] = 0x20
                count += 1
                pendingSpace = false
            }
            (output.baseAddress.unsafelyUnwrapped + count).update(
                from: bytes.baseAddress.unsafelyUnwrapped + start, count: length)
            count += length
        }
        while index < bytes.count {
            let lead = bytes[index]
            // A run of bytes that cannot start white space (not after white space, where the first
            // scalar may join it) is copied at once.
            if !previousWasSpace, isWordByte(lead) {
                let start = index
                index += 1
                while index < bytes.count {
                    // Word bytes sixteen at a time (`scrollery_fold_plain_length`), up to one that is not.
                    index += scrollery_fold_plain_length(
                        bytes.baseAddress.unsafelyUnwrapped + index, bytes.count - index)
                    // A lead byte that white space shares (typographic quotes and dashes, kana) is looked at.
                    guard index < bytes.count, bytes[index] >= 0x80, !startsWhiteSpace(bytes, at: index) else { break }
                    index += 1
                }
                guard index < bytes.count || endsWithWholeScalar(bytes) else {
                    return nil
                }
                copyWord(from: start, length: index - start)
                continue
            }
            var length = 1
            var isSpace = false
            if lead < 0x80 {
                // Tab, line feed, vertical tab, form feed, carriage return and space.
                isSpace = isWhiteSpace(UInt32(lead))
            } else {
                length = StandaloneScalars.scalarLength(lead: lead)
                guard index + length <= bytes.count else {
                    return nil
                }
                if sharesLeadWithWhiteSpace(lead) {
                    isSpace = isWhitespacePastASCII(StandaloneScalars.decode(bytes, at: index).value)
                }
            }
            if isSpace {
                // A prepended sign before white space would join it.
                if index > 0, bytes[index - 1] >= 0x80,
                    StandaloneScalars.join(
                        scalar(endingAt: index, in: bytes), StandaloneScalars.decode(bytes, at: index).value)
                {
                    return nil
                }
                pendingSpace = count > 0
                previousWasSpace = true
            } else {
                // A mark, joiner or modifier after white space would join it.
                if previousWasSpace, lead >= 0x80,
                    StandaloneScalars.join(
                        scalar(endingAt: index, in: bytes), StandaloneScalars.decode(bytes, at: index).value)
                {
                    return nil
                }
                let startsWord = previousWasSpace && isWordByte(lead)
                previousWasSpace = false
                // The first scalar of a word after white space: copied with the rest of its word.
                if startsWord { continue }
                copyWord(from: index, length: length)
            }
            index += length
        }
        return count
    }

    /// Whether `byte` is part of a word for certain: printable ASCII (space excluded), a continuation byte,
    /// or a lead byte that no white-space scalar has (those have 0xC2 or 0xE1–0xE3).
    @inline(__always)
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && !sharesLeadWithWhiteSpace(byte)
    }

    /// Whether `byte` is the lead byte of some white-space scalar past ASCII (U+0085 and U+00A0; U+1680;
    /// U+2000–U+205F; U+3000).
    @inline(__always)
    private static func sharesLeadWithWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0xC2 || (0xE1...0xE3).contains(byte)
    }

    /// Whether the scalar that starts at `index` (at a lead byte) is white space; `true` also when it is cut
    /// off, so that the byte is looked at again, and refused, where scalars are decoded one by one.
    private static func startsWhiteSpace(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let lead = bytes[index]
        guard index + StandaloneScalars.scalarLength(lead: lead) <= bytes.count else { return true }
        return isWhitespacePastASCII(StandaloneScalars.decode(bytes, at: index).value)
    }

    /// Whether the last scalar of `bytes` has all its bytes.
    private static func endsWithWholeScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = bytes.count - 1
        while start > 0, start > bytes.count - 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let lead = bytes[start]
        return start + StandaloneScalars.scalarLength(lead: lead) <= bytes.count
    }

    /// The value of the scalar that ends just before `end` in valid UTF-8.
    private static func scalar(endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        StandaloneScalars.decode(bytes, at: StandaloneScalars.scalarStart(holding: end - 1, in: bytes)).value
    }

    /// Whether the scalar `value` is Unicode's White_Space (`Unicode.Scalar.Properties.isWhitespace`), without
    /// a property look-up.
    @inline(__always)
    static func isWhiteSpace(_ value: UInt32) -> Bool {
        value < 0x80 ? value == 0x20 || (0x09...0x0D).contains(value) : isWhitespacePastASCII(value)
    }

    /// Unicode's White_Space scalars past ASCII (the ones `Character.isWhitespace` knows), without a
    /// property look-up: typographic quotes and dashes share their lead byte with the spaces of U+2000.
    static func isWhitespacePastASCII(_ value: UInt32) -> Bool {
        switch value {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
