import ScrolleryImaging

extension ProcessedImage {
    /// What templates see of a processed picture under `picture.`: its size as shown, and what its camera
    /// wrote (each name only when there is a value; the place only when `images.metadata.gps` kept it).
    var templateValues: [String: String] {
        var values = ["width": String(width), "height": String(height)]
        guard let camera else { return values }
        let named: [(String, String?)] = [
            ("camera", camera.camera), ("make", camera.make), ("model", camera.model), ("lens", camera.lens),
            ("focalLength", camera.focalLengthText), ("fNumber", camera.fNumberText),
            ("exposure", camera.exposureText), ("iso", camera.iso.map(String.init)), ("taken", camera.taken),
            ("summary", camera.summary), ("map", camera.mapURL),
        ]
        for case (let name, let value?) in named { values[name] = value }
        return values
    }
}
