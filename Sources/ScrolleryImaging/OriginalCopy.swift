/// The original picture as it is offered for download: its own bytes, pixels untouched, with the metadata
/// a photo can carry about its owner taken out (EXIF with the place, XMP, IPTC, comments, text chunks).
/// A JPEG keeps its colour profile and its orientation (written back as the only EXIF value); a PNG or
/// WebP keeps its colour profile and is copied only when it is upright. Anything else, or a file whose
/// structure does not hold together, gives no copy.
public enum OriginalCopy {
    /// - Parameters:
    ///   - bytes: the original, as fetched.
    ///   - orientation: its EXIF orientation, 1 to 8, as its header gave it.
    /// - Returns: the copy and its format, or nil.
    public static func make(_ bytes: UnsafeRawBufferPointer, orientation: Int) -> (bytes: [UInt8], format: ImageFormat)?
    {
        let bytes = bytes.bindMemory(to: UInt8.self)
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            return jpeg(bytes, orientation: orientation).map { ($0, .jpeg) }
        }
        guard orientation == 1 else { return nil }
        if bytes.starts(with: pngSignature) { return png(bytes).map { ($0, .png) } }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
            Array(bytes[8..<12]) == Array("WEBP".utf8)
        {
            return webp(bytes).map { ($0, .webp) }
        }
        return nil
    }

    // MARK: JPEG

    /// Copies the segments before the first scan without APP1 (EXIF, XMP), APP3–APP13 and APP15 (IPTC and
    /// makers' blocks), APP2 other than an ICC profile, and comments; the scans and what follows, as they are.
    private static func jpeg(_ bytes: UnsafeBufferPointer<UInt8>, orientation: Int) -> [UInt8]? {
        var copy: [UInt8] = [0xFF, 0xD8]
        copy.reserveCapacity(bytes.count)
        var position = 2
        var orientationWritten = orientation == 1
        while true {
            // Fill bytes before a marker are allowed.
            guard position + 1 < bytes.count, bytes[position] == 0xFF else { return nil }
            while position + 1 < bytes.count, bytes[position + 1] == 0xFF { position += 1 }
            guard position + 3 < bytes.count else { return nil }
            let marker = bytes[position + 1]
            // Markers without a length have no place before the first scan.
            guard marker != 0xD8, marker != 0xD9, marker != 0x01, !(0xD0...0xD7).contains(marker) else { return nil }
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            let end = position + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            let payload = UnsafeBufferPointer(rebasing: bytes[(position + 4)..<end])
            if !orientationWritten, marker != 0xE0 {
                copy += orientationSegment(orientation)
                orientationWritten = true
            }
            if marker == 0xDA {
                copy.append(contentsOf: bytes[position...])
                return copy
            }
            if keepsSegment(marker, payload) { copy.append(contentsOf: bytes[position..<end]) }
            position = end
        }
    }

    private static func keepsSegment(_ marker: UInt8, _ payload: UnsafeBufferPointer<UInt8>) -> Bool {
        switch marker {
        case 0xE0, 0xEE: return true  // JFIF, Adobe (how the colours are stored)
        case 0xE2: return payload.starts(with: Array("ICC_PROFILE\0".utf8))
        case 0xE1, 0xE3...0xED, 0xEF, 0xFE: return false
        default: return true  // tables, the frame's header, restart interval
        }
    }

    /// An APP1 segment with one EXIF value, the orientation: `Exif\0\0`, then a big-endian TIFF structure
    /// of one directory with one entry.
    static func orientationSegment(_ orientation: Int) -> [UInt8] {
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // "MM", 42, the directory at 8
            0x00, 0x01,  // one entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01,  // Orientation, SHORT, one value
            0x00, UInt8(clamping: orientation), 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00,  // no next directory
        ]
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    // MARK: PNG

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Copies the chunks up to `IEND` without the text ones (`tEXt`, `zTXt`, `iTXt`), `eXIf` and `tIME`.
    private static func png(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let dropped: Set<String> = ["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]
        var copy = pngSignature
        copy.reserveCapacity(bytes.count)
        var position = pngSignature.count
        while position + 12 <= bytes.count {
            let length = bigEndian32(bytes, at: position)
            let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
            let end = position + 12 + length
            guard length <= Int(Int32.max), end <= bytes.count else { return nil }
            if !dropped.contains(type) { copy.append(contentsOf: bytes[position..<end]) }
            if type == "IEND" { return copy }
            position = end
        }
        return nil
    }

    // MARK: WebP

    /// Copies the RIFF chunks without `EXIF` and `XMP `, clears their flags in `VP8X` and sets the size again.
    private static func webp(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let riffEnd = 8 + littleEndian32(bytes, at: 4)
        guard riffEnd <= bytes.count else { return nil }
        var chunks: [UInt8] = []
        chunks.reserveCapacity(bytes.count)
        var position = 12
        while position + 8 <= riffEnd {
            let type = String(decoding: bytes[position..<(position + 4)], as: UTF8.self)
            let size = littleEndian32(bytes, at: position + 4)
            let end = position + 8 + size + (size & 1)
            guard end <= riffEnd else { return nil }
            if type != "EXIF", type != "XMP " {
                let start = chunks.count
                chunks.append(contentsOf: bytes[position..<end])
                // VP8X's flags: 0x08 EXIF, 0x04 XMP.
                if type == "VP8X", size >= 4 { chunks[start + 8] &= ~UInt8(0x0C) }
            }
            position = end
        }
        guard position == riffEnd, !chunks.isEmpty else { return nil }
        let size = UInt32(4 + chunks.count)
        return Array("RIFF".utf8)
            + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
            + Array("WEBP".utf8) + chunks
    }

    private static func bigEndian32(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    private static func littleEndian32(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }
}
