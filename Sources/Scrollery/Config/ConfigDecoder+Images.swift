import ScrolleryCore
import ScrolleryImaging
import Yams

extension ConfigDecoder {
    /// The `images:` section: every key optional, each checked by name.
    func decodeImages(_ reader: ConfigReader?) throws(ConfigError) -> ImageConfig {
        var settings = ImageConfig()
        guard let reader else { return settings }
        try reader.rejectUnknownKeys([
            "enabled", "widths", "formats", "quality", "placeholder", "maxPixels", "maxBytes", "concurrency",
            "store", "metadata",
        ])
        settings.enabled = try reader.bool("enabled") ?? true
        if let widths = try list(reader, "widths") {
            let numbers = widths.compactMap { Int($0) }
            guard !numbers.isEmpty, numbers.count == widths.count, numbers.allSatisfy({ (16...8192).contains($0) })
            else {
                throw reader.error(
                    "widths",
                    "expected a list of widths from 16 to 8192 pixels, found `\(widths.joined(separator: ", "))`.",
                    fix: "Write it as `widths: [320, 640, 1280]`.")
            }
            settings.widths = Array(Set(numbers)).sorted()
        }
        if let names = try list(reader, "formats") {
            var formats: [ImageFormat] = []
            for name in names {
                guard let format = ImageFormat(rawValue: name.lowercased() == "jpg" ? "jpeg" : name.lowercased()) else {
                    throw reader.error(
                        "formats", "`\(name)` is not a format Scrollery writes.",
                        fix: "Use some of webp, jpeg, png and avif, the fallback last: `formats: [webp, jpeg]`.")
                }
                if !formats.contains(format) { formats.append(format) }
            }
            guard !formats.isEmpty else {
                throw reader.error("formats", "is empty.", fix: "Name at least one format: `formats: [webp, jpeg]`.")
            }
            settings.formats = formats
        }
        try decodeQuality(reader, into: &settings)
        if let text = try reader.string("placeholder") {
            guard let placeholder = ImagePlaceholder(rawValue: text.lowercased()) else {
                throw reader.error(
                    "placeholder", "`\(text)` is not a placeholder.", fix: "Use color, blur or none.")
            }
            settings.placeholder = placeholder
        }
        settings.maxPixels = try reader.int("maxPixels", in: 1...10_000_000_000) ?? settings.maxPixels
        if let text = try reader.string("maxBytes") {
            switch ConfigValues.size(text) {
            case .value(let size) where size >= 1024:
                settings.maxBytes = size
            case .tooLarge(let largest):
                throw reader.error(
                    "maxBytes", "`\(text)` is larger than the largest size allowed, \(largest).",
                    fix: "Write a size of at most \(largest), such as `40MB`.")
            default:
                throw reader.error(
                    "maxBytes", "`\(text)` is not a size of at least 1KB.", fix: "Write a size such as `40MB`.")
            }
        }
        settings.concurrency = try reader.int("concurrency", in: 0...256) ?? 0
        // The form only: the commands that use the store read it with the S3 client's parser, and say there
        // what is wrong with a bucket name or a prefix.
        if let store = try reader.string("store") {
            guard store.lowercased().hasPrefix("s3://"), store.utf8.count > 5 else {
                throw reader.error(
                    "store", "`\(TerminalText.shown(store))` is not an S3 location.",
                    fix: "Write it as `s3://BUCKET` or `s3://BUCKET/PREFIX`, e.g. `s3://my-pictures/gallery`; "
                        + "the credentials come from the environment, never from the config.")
            }
            settings.store = store
        }
        if let metadata = try reader.child("metadata") {
            try metadata.rejectUnknownKeys(["gps"])
            settings.keepsPlace = try metadata.bool("gps") ?? false
        }
        return settings
    }

    /// `quality: 80`, or one number per format: `quality: { webp: 80, jpeg: 82 }`.
    private func decodeQuality(_ reader: ConfigReader, into settings: inout ImageConfig) throws(ConfigError) {
        guard let node = reader.node("quality") else { return }
        let fix = "Write one number from 1 to 100, or one per format: `quality: { webp: 80, jpeg: 82, avif: 55 }`."
        if case .scalar(let scalar) = node {
            guard let value = Int(scalar.string), (1...100).contains(value) else {
                throw reader.error("quality", "expected a number from 1 to 100, found `\(scalar.string)`.", fix: fix)
            }
            for format in ImageFormat.allCases { settings.quality[format] = value }
            return
        }
        guard let perFormat = try reader.child("quality") else { return }
        // PNG is lossless: it has no quality.
        let lossy = ImageFormat.allCases.filter { $0 != .png }
        try perFormat.rejectUnknownKeys(lossy.map(\.rawValue))
        for format in lossy {
            if let value = try perFormat.int(format.rawValue, in: 1...100) { settings.quality[format] = value }
        }
    }

    /// A list of plain values (`[a, b]` or one value per line); one value alone is taken as a list of one.
    private func list(_ reader: ConfigReader, _ key: String) throws(ConfigError) -> [String]? {
        guard let node = reader.node(key) else { return nil }
        switch node {
        case .scalar(let scalar):
            return [scalar.string]
        case .sequence(let sequence):
            var values: [String] = []
            for element in sequence {
                guard case .scalar(let scalar) = element else {
                    throw reader.error(
                        key, "expected a list of plain values, found \(ConfigReader.describe(element)) in it.",
                        fix: "Write it as `\(key): [a, b]`.")
                }
                values.append(scalar.string)
            }
            return values
        default:
            throw reader.error(
                key, "expected a list, found \(ConfigReader.describe(node)).", fix: "Write it as `\(key): [a, b]`.")
        }
    }
}
