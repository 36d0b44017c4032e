/// What a camera wrote into a photo's EXIF that a gallery shows: the camera, the lens, the exposure and
/// when it was taken, and where (kept only where a site asks for it). Each value is checked on its own: a
/// broken or absurd one is absent, and costs nothing else.
public struct CameraData: Sendable, Equatable, Codable {
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
    public var exposure: Exposure?
    /// The ISO speed.
    public var iso: Int?
    /// When the photo was taken, `YYYY-MM-DDTHH:MM:SS` in the camera's own clock.
    public var taken: String?
    /// Where it was taken, in degrees: north and east are positive.
    public var latitude: Double?
    public var longitude: Double?

    public init() {}

    /// The values a camera can have written: a value outside its range is absurd, and dropped.
    static let focalLengths = 0.1...10_000.0
    static let fNumbers = 0.3...1_000.0
    static let longestExposure = 100_000.0
    static let isos = 1...10_000_000
    static let latitudes = -90.0...90.0
    static let longitudes = -180.0...180.0

    /// This value without what is absurd in it (out of range, a zero in an exposure, a text with control
    /// characters or longer than `ExifReader.maxText`, a date that is not one): what the reader keeps, and
    /// what a record read back from a cache or a picture store is checked to.
    public func checked() -> CameraData {
        func within(_ value: Double?, _ range: ClosedRange<Double>) -> Double? {
            value.flatMap { range.contains($0) ? $0 : nil }
        }
        func text(_ value: String?) -> String? {
            value.flatMap {
                $0.isEmpty || $0.utf8.count > ExifReader.maxText
                    || $0.unicodeScalars.contains(where: { $0.properties.generalCategory.isControlOrFormat })
                    ? nil : $0
            }
        }
        var checked = CameraData()
        checked.make = text(make)
        checked.model = text(model)
        checked.lens = text(lens)
        checked.focalLength = within(focalLength, Self.focalLengths)
        checked.fNumber = within(fNumber, Self.fNumbers)
        checked.exposure = exposure.flatMap {
            $0.numerator > 0 && $0.denominator > 0
                && Double($0.numerator) / Double($0.denominator) <= Self.longestExposure ? $0 : nil
        }
        checked.iso = iso.flatMap { Self.isos.contains($0) ? $0 : nil }
        checked.taken = taken.flatMap { taken in
            let exifForm = String(taken.map { $0 == "-" ? ":" : $0 == "T" ? " " : $0 })
            return ExifReader.date(exifForm) == taken ? taken : nil
        }
        if let latitude = within(latitude, Self.latitudes), let longitude = within(longitude, Self.longitudes) {
            checked.latitude = latitude
            checked.longitude = longitude
        }
        return checked
    }

    /// Without the place it was taken.
    public var withoutPlace: CameraData {
        var copy = self
        copy.latitude = nil
        copy.longitude = nil
        return copy
    }

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
        guard let exposure else { return nil }
        let (numerator, denominator) = (exposure.numerator, exposure.denominator)
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

    /// An exposure time as written: a fraction of seconds, both parts above zero.
    public struct Exposure: Sendable, Equatable, Codable {
        public let numerator: UInt32
        public let denominator: UInt32

        public init(_ numerator: UInt32, _ denominator: UInt32) {
            self.numerator = numerator
            self.denominator = denominator
        }
    }
}
