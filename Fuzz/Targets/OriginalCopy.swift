// Foundation is imported for the link: the static libraries of the layers below need it.
import Foundation

@testable import ScrolleryImaging

/// Any bytes as an original offered for download: making its copy never traps or hangs, and a copy is
/// never longer than the original with its orientation written back, starts as its format does, and holds
/// no EXIF block but the one of the orientation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOriginalCopy(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let orientation = count > 0 ? Int(start[count - 1] % 9) : 1
    guard let copy = OriginalCopy.make(bytes, orientation: orientation) else { return 0 }
    let written = OriginalCopy.orientationSegment(orientation)
    guard copy.bytes.count <= count + written.count else {
        fatalError("a copy of \(copy.bytes.count) bytes from \(count)")
    }
    let signatures: [ImageFormat: [UInt8]] = [
        .jpeg: [0xFF, 0xD8], .png: [0x89, 0x50, 0x4E, 0x47], .webp: Array("RIFF".utf8),
    ]
    guard let signature = signatures[copy.format], copy.bytes.starts(with: signature) else {
        fatalError("a \(copy.format) copy that does not start as one")
    }
    if copy.format != .jpeg, orientation != 1 { fatalError("a turned \(copy.format) was copied") }
    if copy.format == .jpeg {
        // The segments before the first scan: no APP1 but the orientation's.
        var position = 2
        while position + 3 < copy.bytes.count, copy.bytes[position] == 0xFF {
            let marker = copy.bytes[position + 1]
            if marker == 0xFF {
                position += 1
                continue
            }
            if marker == 0xDA { break }
            let length = Int(copy.bytes[position + 2]) << 8 | Int(copy.bytes[position + 3])
            if marker == 0xE1, Array(copy.bytes[position..<min(copy.bytes.count, position + 2 + length)]) != written {
                fatalError("an EXIF or XMP block left in the copy")
            }
            position += 2 + length
        }
    }
    return 0
}
