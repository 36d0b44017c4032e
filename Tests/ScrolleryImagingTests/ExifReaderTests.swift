import Testing

@testable import ScrolleryImaging

/// EXIF blocks written tag by tag, in either byte order, as cameras write them: IFD0, the EXIF directory
/// and the GPS directory, each value placed after the directories when it does not fit in its entry.
struct ExifBlock {
    enum Value {
        case ascii(String)
        case short(UInt16)
        case long(UInt32)
        case rationals([(UInt32, UInt32)])
        case pointer(Int)  // to directory number N (1: EXIF, 2: GPS), filled in when written
        case raw(type: UInt16, count: UInt32, bytes: [UInt8])
    }

    var bigEndian = false
    /// The directories: IFD0, EXIF, GPS.
    var directories: [[(UInt16, Value)]] = [[], [], []]

    func bytes(exifPrefix: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        func u16(_ value: UInt16) -> [UInt8] {
            bigEndian ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8)]
        }
        func u32(_ value: UInt32) -> [UInt8] {
            let bytes = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            return bigEndian ? bytes : bytes.reversed()
        }
        // Where each directory starts: one after another from offset 8, then the values.
        var starts: [Int] = []
        var position = 8
        for directory in directories {
            starts.append(position)
            position += 2 + directory.count * 12 + 4
        }
        var data: [UInt8] = []
        let dataStart = position
        func encoded(_ value: Value) -> (type: UInt16, count: UInt32, bytes: [UInt8]) {
            switch value {
            case .ascii(let text): (2, UInt32(text.utf8.count + 1), Array(text.utf8) + [0])
            case .short(let number): (3, 1, u16(number))
            case .long(let number): (4, 1, u32(number))
            case .rationals(let list): (5, UInt32(list.count), list.flatMap { u32($0.0) + u32($0.1) })
            case .pointer(let number): (4, 1, u32(UInt32(starts[number])))
            case .raw(let type, let count, let bytes): (type, count, bytes)
            }
        }
        out += bigEndian ? Array("MM".utf8) : Array("II".utf8)
        out += u16(42) + u32(8)
        for directory in directories {
            out += u16(UInt16(directory.count))
            for (tag, value) in directory {
                let (type, count, bytes) = encoded(value)
                out += u16(tag) + u16(type) + u32(count)
                if bytes.count <= 4 {
                    out += bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
                } else {
                    out += u32(UInt32(dataStart + data.count))
                    data += bytes
                    if data.count % 2 == 1 { data.append(0) }
                }
            }
            out += u32(0)
        }
        return (exifPrefix ? Array("Exif\0\0".utf8) : []) + out + data
    }

    /// A camera's block: every value the reader reads.
    static func camera(bigEndian: Bool = false) -> ExifBlock {
        var block = ExifBlock(bigEndian: bigEndian)
        block.directories[0] = [
            (0x010F, .ascii("FUJIFILM")), (0x0110, .ascii("X-T4")), (0x0112, .short(1)),
            (0x0132, .ascii("2024:06:01 10:00:00")), (0x8769, .pointer(1)), (0x8825, .pointer(2)),
        ]
        block.directories[1] = [
            (0x829A, .rationals([(1, 250)])), (0x829D, .rationals([(20, 10)])), (0x8827, .short(400)),
            (0x9003, .ascii("2024:05:31 18:42:07")), (0x920A, .rationals([(230, 10)])),
            (0xA434, .ascii("XF23mmF2 R WR")),
        ]
        block.directories[2] = [
            (0x0001, .ascii("N")), (0x0002, .rationals([(64, 1), (8, 1), (3_000, 100)])),
            (0x0003, .ascii("W")), (0x0004, .rationals([(21, 1), (56, 1), (0, 1)])),
        ]
        return block
    }
}

@Suite("EXIF reader")
struct ExifReaderTests {
    @Test("a camera's values in either byte order, with or without the Exif prefix", arguments: [false, true])
    func camera(bigEndian: Bool) {
        for prefix in [true, false] {
            let camera = ExifReader.read(ExifBlock.camera(bigEndian: bigEndian).bytes(exifPrefix: prefix))
            #expect(camera.make == "FUJIFILM" && camera.model == "X-T4" && camera.lens == "XF23mmF2 R WR")
            #expect(camera.focalLength == 23 && camera.fNumber == 2 && camera.iso == 400)
            #expect(camera.exposure?.numerator == 1 && camera.exposure?.denominator == 250)
            #expect(camera.taken == "2024-05-31T18:42:07", "DateTimeOriginal before IFD0's DateTime")
            #expect(camera.summary == "FUJIFILM X-T4 · 23mm · f/2 · 1/250 s · ISO 400")
            let north: Double = 64 + 8.0 / 60 + 30.0 / 3600
            let west: Double = 21 + 56.0 / 60
            #expect(abs((camera.latitude ?? .nan) - north) < 1e-9)
            #expect(camera.longitude == -west)
            #expect(
                camera.mapURL == "https://www.openstreetmap.org/?mlat=64.14167&mlon=-21.93333#map=15/64.14167/-21.93333"
            )
        }
    }

    @Test("the words of the summary: a model that names its maker, long exposures, tenths")
    func words() {
        var camera = CameraData()
        camera.make = "Canon"
        camera.model = "Canon EOS R5"
        camera.exposure = .init(25, 10)
        camera.fNumber = 2.8
        camera.focalLength = 35.5
        #expect(camera.summary == "Canon EOS R5 · 35.5mm · f/2.8 · 2.5 s")
        camera.exposure = .init(10, 300)
        #expect(camera.exposureText == "1/30 s")
        #expect(CameraData().summary == nil && CameraData().isEmpty)
    }

    @Test("each broken value is left out alone; the others are read")
    func brokenValues() {
        var block = ExifBlock.camera()
        block.directories[0][1] = (0x0110, .ascii("\u{1}\u{7}\u{1B}[2J\u{0}"))  // a model of control characters
        block.directories[1][0] = (0x829A, .rationals([(1, 0)]))  // exposure: a zero denominator
        block.directories[1][1] = (0x829D, .rationals([(0, 0)]))  // f-number: 0/0
        block.directories[1][3] = (0x9003, .ascii("0000:00:00 00:00:00"))  // a date in year 0
        block.directories[1][4] = (0x920A, .raw(type: 5, count: 0x2000_0000, bytes: [1, 2, 3, 4]))  // 4 GB claimed
        block.directories[1][5] = (0xA434, .ascii("X" + String(repeating: "Ж", count: 40_000)))  // 80 kB, cut in a Ж
        let camera = ExifReader.read(block.bytes())
        #expect(camera.model == nil && camera.exposure == nil && camera.fNumber == nil && camera.focalLength == nil)
        #expect(camera.taken == "2024-06-01T10:00:00", "IFD0's date stands in for the broken original date")
        #expect(camera.lens == "X" + String(repeating: "Ж", count: 63), "cut at a whole character, not dropped")
        #expect(camera.make == "FUJIFILM" && camera.iso == 400 && camera.latitude != nil)
        #expect(camera.summary == "FUJIFILM · ISO 400")
    }

    @Test("bytes that are not UTF-8 stay within the limit as replacement characters")
    func notUTF8() {
        var block = ExifBlock.camera()
        block.directories[0][0] = (0x010F, .raw(type: 2, count: 200, bytes: [UInt8](repeating: 0xFF, count: 200)))
        let make = ExifReader.read(block.bytes()).make
        #expect(
            make.map { $0.utf8.count <= ExifReader.maxText && $0.unicodeScalars.allSatisfy { $0 == "\u{FFFD}" } }
                == true)
    }

    @Test("absurd values are no values: ISO 0, a year before photography, a latitude past the pole")
    func absurdValues() {
        var block = ExifBlock.camera()
        block.directories[1][2] = (0x8827, .short(0))
        block.directories[1][3] = (0x9003, .ascii("1200:01:01 00:00:00"))
        block.directories[0][3] = (0x0132, .ascii("2024:13:40 25:61:00"))
        block.directories[2][1] = (0x0002, .rationals([(91, 1), (0, 1), (0, 1)]))
        let camera = ExifReader.read(block.bytes())
        #expect(camera.iso == nil && camera.taken == nil && camera.latitude == nil && camera.longitude == nil)
    }

    @Test("a directory that points at itself, offsets past the end, and truncated blocks end with what was read")
    func hostileStructure() {
        var looping = ExifBlock.camera()
        looping.directories[1].append((0x8769, .pointer(1)))  // the EXIF directory points at itself
        looping.directories[2] = [(0x8825, .pointer(0))]  // and GPS back at IFD0
        #expect(ExifReader.read(looping.bytes()).iso == 400)
        let whole = ExifBlock.camera().bytes()
        for cut in stride(from: 0, through: whole.count, by: 7) {
            _ = ExifReader.read(Array(whole.prefix(cut)))  // never traps, whatever is cut
        }
        #expect(ExifReader.read(Array(whole.prefix(40))).make == nil, "a value past the end is not read")
        #expect(ExifReader.read([]).isEmpty && ExifReader.read(Array("Exif\0\0MM\0*".utf8)).isEmpty)
        #expect(ExifReader.read([UInt8](repeating: 0x49, count: ExifReader.maxBytes + 1)).isEmpty)
    }
}
