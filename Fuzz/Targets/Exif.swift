// Foundation is imported for the link: the static libraries of the layers below need it.
import Foundation

@testable import ScrolleryImaging

/// Any bytes as a photo's EXIF block: reading never traps or hangs, and what it gives is what a page may
/// show: texts of at most `maxText` bytes with no control character and not blank, a date of the one
/// form, an ISO, an aperture, a focal length and an exposure in their ranges, a place on the globe.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExif(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let camera = ExifReader.read(Array(UnsafeBufferPointer(start: start, count: count)))
    for text in [camera.make, camera.model, camera.lens].compactMap({ $0 }) {
        guard !text.isEmpty, text.utf8.count <= ExifReader.maxText,
            !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }),
            text.unicodeScalars.first?.properties.isWhitespace == false
        else { fatalError("a text a page may not show: \(text.debugDescription)") }
    }
    if let taken = camera.taken {
        let shape = taken.utf8.enumerated().allSatisfy { index, byte in
            [4, 7].contains(index)
                ? byte == UInt8(ascii: "-")
                : index == 10
                    ? byte == UInt8(ascii: "T")
                    : [13, 16].contains(index) ? byte == UInt8(ascii: ":") : (48...57).contains(byte)
        }
        guard taken.utf8.count == 19, shape else { fatalError("a date of another form: \(taken)") }
    }
    guard camera.iso.map({ (1...10_000_000).contains($0) }) ?? true,
        camera.fNumber.map({ (0.3...1_000).contains($0) }) ?? true,
        camera.focalLength.map({ (0.1...10_000).contains($0) }) ?? true,
        camera.exposure.map({ $0.numerator > 0 && $0.denominator > 0 }) ?? true,
        camera.latitude.map({ abs($0) <= 90 }) ?? true, camera.longitude.map({ abs($0) <= 180 }) ?? true
    else { fatalError("a value out of its range: \(camera)") }
    guard
        (camera.summary == nil)
            == [
                camera.camera, camera.focalLengthText, camera.fNumberText,
                camera.exposureText, camera.isoText,
            ].allSatisfy({ $0 == nil })
    else { fatalError("a summary that does not match its parts") }
    return 0
}
