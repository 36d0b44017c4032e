/// What a camera wrote into a photo's EXIF that a gallery shows: the camera, the lens, the exposure and
/// when it was taken, and where (kept only where a site asks for it). Each value is checked on its own: a
/// broken or absurd one is absent, and costs nothing else.
public struct CameraData: Sendable, Equatable {
    /// The camera's maker, as written (`FUJIFILM`, `Canon`).
    public var make: String?
    /// The camera's model (`X-T4`, `Canon EOS R5`).
    public var model: String?
    /// The lens's model.
    public var lens: String?
    /// The focal length, in millimetres.
    public var focalLength: Double?
    /// The f-number (2.8 for f/2.8).
    public var fNumber: Double?
    /// The exposure time as the camera wrote it: a numerator and a denominator of seconds.
    public var exposure: (numerator: UInt32, denominator: UInt32)?
    /// The ISO speed.
    public var iso: Int?
    /// When the photo was taken, `YYYY-MM-DDTHH:MM:SS` in the camera's own clock.
    public var taken: String?
    /// Where it was taken, in degrees: north and east are positive.
    public var latitude: Double?
    public var longitude: Double?

    public init() {}

    /// Whether nothing at all was read.
    public var isEmpty: Bool { self == CameraData() }

    /// The camera: the model alone when it already names the maker (`Canon EOS R5`), else both.
    public var camera: String? {
        guard let model else { return make }
        guard let make, !model.lowercased().hasPrefix(make.lowercased().split(separator: " ").first ?? "") else {
            return model
        }
        return "\(make) \(model)"
    }

    /// `23mm`, to a tenth of a millimetre where it has one.
    public var focalLengthText: String? { focalLength.map { "\(Self.decimal($0))mm" } }

    /// `f/2`, `f/2.8`.
    public var fNumberText: String? { fNumber.map { "f/\(Self.decimal($0))" } }

    /// `1/250 s` below a second, `2 s` or `2.5 s` from one up.
    public var exposureText: String? {
        guard let (numerator, denominator) = exposure else { return nil }
        let seconds = Double(numerator) / Double(denominator)
        if seconds >= 1 || numerator == 0 { return "\(Self.decimal(seconds)) s" }
        return "1/\(Self.decimal(Double(denominator) / Double(numerator))) s"
    }

    /// `ISO 400`.
    public var isoText: String? { iso.map { "ISO \($0)" } }

    /// The line a gallery shows: `FUJIFILM X-T4 · 23mm · f/2 · 1/250 s · ISO 400`, with what there is.
    public var summary: String? {
        let parts = [camera, focalLengthText, fNumberText, exposureText, isoText].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The place on openstreetmap.org, when there is one: a link, nothing loaded from there.
    public var mapURL: String? {
        guard let latitude, let longitude else { return nil }
        let lat = Self.coordinate(latitude)
        let lon = Self.coordinate(longitude)
        return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=15/\(lat)/\(lon)"
    }

    public static func == (one: CameraData, other: CameraData) -> Bool {
        one.make == other.make && one.model == other.model && one.lens == other.lens
            && one.focalLength == other.focalLength && one.fNumber == other.fNumber
            && one.exposure?.numerator == other.exposure?.numerator
            && one.exposure?.denominator == other.exposure?.denominator && one.iso == other.iso
            && one.taken == other.taken && one.latitude == other.latitude && one.longitude == other.longitude
    }

    /// `value` with at most one decimal, without a trailing `.0`.
    static func decimal(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        if tenths.truncatingRemainder(dividingBy: 10) == 0 { return String(Int(tenths / 10)) }
        return String(Int(tenths) / 10) + "." + String(Int(tenths) % 10)
    }

    /// A coordinate to five decimals (about a metre), as OpenStreetMap's addresses write it.
    static func coordinate(_ value: Double) -> String {
        let scaled = Int((abs(value) * 100_000).rounded())
        let digits = String(scaled % 100_000)
        return (value < 0 ? "-" : "") + "\(scaled / 100_000)." + String(repeating: "0", count: 5 - digits.count)
            + digits
    }
}
