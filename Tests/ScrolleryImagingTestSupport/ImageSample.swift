import CVipsTestShim
import ScrolleryImaging

/// Reads back what was written: the colour of one pixel of an encoded image, for checks of orientation,
/// colour conversion and frames.
package enum ImageSample {
    /// - Returns: red, green and blue, 0 to 255 (grey repeated), or `nil` when the bytes cannot be read.
    package static func pixel(of bytes: [UInt8], x: Int, y: Int) -> (red: Int, green: Int, blue: Int)? {
        guard Vips.startFailure == nil else { return nil }
        var rgb: (Double, Double, Double) = (0, 0, 0)
        let status = bytes.withUnsafeBytes { buffer in
            withUnsafeMutableBytes(of: &rgb) {
                scrollery_vips_test_pixel(
                    buffer.baseAddress, buffer.count, Int32(x), Int32(y),
                    $0.baseAddress?.assumingMemoryBound(to: Double.self))
            }
        }
        guard status == 0 else { return nil }
        return (Int(rgb.0.rounded()), Int(rgb.1.rounded()), Int(rgb.2.rounded()))
    }
}
