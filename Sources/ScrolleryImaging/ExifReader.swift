import ScrolleryCore

/// Reads the few EXIF values a gallery shows out of an EXIF block (a TIFF structure, with or without the
/// `Exif\0\0` of a JPEG's APP1 segment), as a photo's untrusted bytes: every offset and count is checked
/// against the block, each directory is read once (a loop of directories ends), at most `maxEntries` a
/// directory, and a value that is broken (out of the block, a zero denominator, a date in year 0, text with
/// control characters) is left out alone. Nothing else of the block is read: no maker note, no thumbnail.
public enum ExifReader {
    /// The largest block read; a larger one is not EXIF a camera wrote.
    public static let maxBytes = 1 << 20
    /// The most entries of one directory that are looked at.
    static let maxEntries = 512
    /// The longest text kept, in bytes; a longer one is cut there.
    public static let maxText = 128

    public static func read(_ block: [UInt8]) -> CameraData {
        var camera = CameraData()
        guard block.count <= maxBytes else { return camera }
        let prefix: [UInt8] = Array("Exif\0\0".utf8)
        let tiff = block.starts(with: prefix) ? Array(block.dropFirst(prefix.count)) : block
        guard let reader = TIFF(tiff), let first = reader.uint32(at: 4) else { return camera }
        var seen: Set<Int> = []
        let root = reader.directory(at: Int(first), seen: &seen)
        camera.make = root[0x010F].flatMap(reader.text)
        camera.model = root[0x0110].flatMap(reader.text)
        let dateTime = root[0x0132].flatMap(reader.text).flatMap(Self.date)
        if let offset = root[0x8769].flatMap(reader.integer) {
            let exif = reader.directory(at: offset, seen: &seen)
            camera.lens = exif[0xA434].flatMap(reader.text)
            camera.focalLength = exif[0x920A].flatMap { reader.rational($0) }
            camera.fNumber = exif[0x829D].flatMap { reader.rational($0) }
            camera.exposure = exif[0x829A].flatMap { reader.fraction($0) }.map(CameraData.Exposure.init)
            camera.iso = (exif[0x8827] ?? exif[0x8833]).flatMap(reader.integer)
            camera.taken = exif[0x9003].flatMap(reader.text).flatMap(Self.date)
        }
        camera.taken = camera.taken ?? dateTime
        if let offset = root[0x8825].flatMap(reader.integer) {
            let gps = reader.directory(at: offset, seen: &seen)
            let latitude = gps[0x0002].flatMap { reader.degrees($0) }
            let longitude = gps[0x0004].flatMap { reader.degrees($0) }
            let north = gps[0x0001].flatMap(reader.text).map { $0.hasPrefix("S") ? -1.0 : 1.0 } ?? 1
            let east = gps[0x0003].flatMap(reader.text).map { $0.hasPrefix("W") ? -1.0 : 1.0 } ?? 1
            if let latitude, let longitude {
                camera.latitude = latitude * north
                camera.longitude = longitude * east
            }
        }
        return camera.checked()
    }

    /// `YYYY:MM:DD HH:MM:SS` as `YYYY-MM-DDTHH:MM:SS`, for a year from 1826 (the first photograph) to 2200
    /// and a real month, day and time; anything else is no date.
    static func date(_ text: String) -> String? {
        let digits = Array(text.utf8.prefix(19))
        guard digits.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (48...57).contains(digits[index]) else { return nil }
                value = value * 10 + Int(digits[index] - 48)
            }
            return value
        }
        guard let year = number(0..<4), (1826...2200).contains(year), let month = number(5..<7),
            (1...12).contains(month),
            let day = number(8..<10), (1...31).contains(day), let hour = number(11..<13), hour < 24,
            let minute = number(14..<16), minute < 60, let second = number(17..<19), second < 61
        else { return nil }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
    }

    /// An entry of a directory: its type, its count, and where its value is (in the entry itself when it
    /// fits in four bytes).
    struct Entry {
        let type: UInt16
        let count: UInt32
        let valueOffset: Int
    }

    /// A TIFF structure's bytes in their byte order.
    struct TIFF {
        let bytes: [UInt8]
        let bigEndian: Bool

        init?(_ bytes: [UInt8]) {
            guard bytes.count >= 8 else { return nil }
            switch (bytes[0], bytes[1]) {
            case (0x49, 0x49): bigEndian = false
            case (0x4D, 0x4D): bigEndian = true
            default: return nil
            }
            self.bytes = bytes
            guard uint16(at: 2) == 42 else { return nil }
        }

        func uint16(at offset: Int) -> UInt16? {
            guard offset >= 0, offset + 2 <= bytes.count else { return nil }
            let (a, b) = (UInt16(bytes[offset]), UInt16(bytes[offset + 1]))
            return bigEndian ? a << 8 | b : b << 8 | a
        }

        func uint32(at offset: Int) -> UInt32? {
            guard let high = uint16(at: bigEndian ? offset : offset + 2),
                let low = uint16(at: bigEndian ? offset + 2 : offset)
            else { return nil }
            return UInt32(high) << 16 | UInt32(low)
        }

        /// The entries of the directory at `offset`, by tag; none when it is out of the block or was read.
        func directory(at offset: Int, seen: inout Set<Int>) -> [UInt16: Entry] {
            guard seen.insert(offset).inserted, let count = uint16(at: offset) else { return [:] }
            var entries: [UInt16: Entry] = [:]
            for index in 0..<min(Int(count), ExifReader.maxEntries) {
                let start = offset + 2 + index * 12
                guard let tag = uint16(at: start), let type = uint16(at: start + 2), let count = uint32(at: start + 4)
                else { break }
                let size = Self.size(of: type) * Int(count)
                let valueOffset = size <= 4 ? start + 8 : Int(uint32(at: start + 8) ?? UInt32.max)
                guard size > 0, valueOffset + size <= bytes.count else { continue }
                if entries[tag] == nil { entries[tag] = Entry(type: type, count: count, valueOffset: valueOffset) }
            }
            return entries
        }

        /// The bytes of one value of a type; 0 for a type that is not read.
        static func size(of type: UInt16) -> Int {
            switch type {
            case 1, 2, 7: 1
            case 3: 2
            case 4, 9: 4
            case 5, 10: 8
            default: 0
            }
        }

        /// An ASCII entry's text, cut at its first NUL and at `maxText` bytes, trimmed; `nil` when nothing is
        /// left, or when it holds a control or format character (no camera writes one: such a text is
        /// broken or hostile, and what is left of it once they are gone is no better).
        func text(_ entry: Entry) -> String? {
            guard entry.type == 2 else { return nil }
            let end = entry.valueOffset + min(Int(entry.count), ExifReader.maxText)
            let raw = bytes[entry.valueOffset..<end].prefix { $0 != 0 }
            // Bytes that are not UTF-8 read as U+FFFD, three bytes each: cut again to the limit, and drop the
            // replacement of a character cut in two at the end.
            var text = String.UnicodeScalarView()
            var length = 0
            for scalar in String(decoding: raw, as: UTF8.self).unicodeScalars {
                length += scalar.utf8.count
                guard length <= ExifReader.maxText else { break }
                text.append(scalar)
            }
            if raw.count == ExifReader.maxText, text.last == "\u{FFFD}" { text.removeLast() }
            guard !text.contains(where: { $0.properties.generalCategory.isControlOrFormat }) else {
                return nil
            }
            let trimmed = String(text).trimmingWhitespace()
            return trimmed.isEmpty ? nil : trimmed
        }

        /// A SHORT or LONG entry's first value.
        func integer(_ entry: Entry) -> Int? {
            switch entry.type {
            case 3: uint16(at: entry.valueOffset).map(Int.init)
            case 4: uint32(at: entry.valueOffset).map(Int.init)
            default: nil
            }
        }

        /// A RATIONAL entry's value at `index`, with a denominator that is not zero.
        func fraction(_ entry: Entry, index: Int = 0) -> (UInt32, UInt32)? {
            guard entry.type == 5, index < entry.count, let numerator = uint32(at: entry.valueOffset + 8 * index),
                let denominator = uint32(at: entry.valueOffset + 8 * index + 4), denominator != 0
            else { return nil }
            return (numerator, denominator)
        }

        func rational(_ entry: Entry, index: Int = 0) -> Double? {
            fraction(entry, index: index).map { Double($0.0) / Double($0.1) }
        }

        /// Degrees, minutes and seconds (three RATIONALs) as degrees.
        func degrees(_ entry: Entry) -> Double? {
            guard entry.count >= 3, let degrees = rational(entry, index: 0), let minutes = rational(entry, index: 1),
                let seconds = rational(entry, index: 2), minutes < 60, seconds < 60
            else { return nil }
            return degrees + minutes / 60 + seconds / 3600
        }
    }
}

extension Unicode.GeneralCategory {
    /// Control (Cc) and format (Cf) characters, and separators of lines and paragraphs: never shown.
    var isControlOrFormat: Bool {
        switch self {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse: true
        default: false
        }
    }
}
