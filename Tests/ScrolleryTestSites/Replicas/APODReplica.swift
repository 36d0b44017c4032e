import Foundation
import Hummingbird

/// NASA APOD as `shared/APIS.md` describes it: `/planetary/apod?api_key=…&start_date=…&end_date=…`
/// returns every day of the range oldest first; dates outside 1995-06-16…today are a 400 with a JSON
/// message; `thumbs=true` adds `thumbnail_url` for videos; no key is a 403.
enum APODReplica {
    static let first = "1995-06-16"

    static func entry(_ date: String, ordinal: Int, thumbs: Bool, base: String = "") -> [String: Any] {
        let isVideo = ordinal % 7 == 0
        var entry: [String: Any] = [
            "date": date, "title": "Picture of \(date)",
            "explanation": "A long explanation of the sky on \(date). It goes on for a while.",
            "media_type": isVideo ? "video" : "image", "service_version": "v1",
            "url": isVideo ? "https://www.youtube.com/embed/video\(ordinal)" : "\(base)/image/\(date).jpg",
        ]
        if !isVideo { entry["hdurl"] = "\(base)/image/\(date)-hd.jpg" }
        if isVideo && thumbs { entry["thumbnail_url"] = "\(base)/vi/video\(ordinal)/0.jpg" }
        if ordinal % 4 == 0 { entry["copyright"] = "Photographer \(ordinal % 10)" }
        return entry
    }

    /// - Parameter base: where the pictures are: the replica's own address serves them (a JPEG stored
    ///   300×200 with EXIF orientation 6), "" makes them paths of the site that are not there.
    static func register(
        on router: Router<BasicRequestContext>, today: String, base: @escaping @Sendable () -> String = { "" }
    ) {
        for path in ["/image/:file", "/vi/:video/:file"] {
            router.get(RouterPath(path)) { _, _ -> Response in
                guard let bytes = try? FixtureFiles.image("orientation-6.jpg") else {
                    return Response(status: .notFound)
                }
                return .bytes(bytes, contentType: "image/jpeg")
            }
        }
        router.get("/planetary/apod") { request, _ -> Response in
            let query = request.uri.queryParameters
            guard query.get("api_key") != nil else {
                return .json(
                    #"{"error":{"code":"API_KEY_MISSING","message":"No api_key was supplied."}}"#, status: .forbidden)
            }
            guard let start = query.get("start_date").flatMap(DayNumber.init),
                let end = (query.get("end_date").flatMap(DayNumber.init) ?? DayNumber(today)),
                let earliest = DayNumber(first), let latest = DayNumber(today)
            else {
                return .json(#"{"code":400,"msg":"Bad date."}"#, status: .badRequest)
            }
            guard start.value >= earliest.value, end.value <= latest.value, start.value <= end.value else {
                return .json(
                    #"{"code":400,"msg":"Date must be between Jun 16, 1995 and \#(today).","service_version":"v1"}"#,
                    status: .badRequest)
            }
            let thumbs = query.get("thumbs") == "true"
            let entries = (start.value...end.value).map {
                entry(DayNumber(value: $0).text, ordinal: $0, thumbs: thumbs, base: base())
            }
            return .json(encoding: entries, headers: ["X-RateLimit-Limit": "1000", "X-RateLimit-Remaining": "999"])
        }
    }

    /// Days since 1970-01-01, through Foundation's calendar (independent of the code under test).
    struct DayNumber {
        let value: Int
        init(value: Int) { self.value = value }
        init?(_ text: String) {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            guard text.count == 10, let date = formatter.date(from: text) else { return nil }
            value = Int(date.timeIntervalSince1970 / 86_400)
        }
        var text: String {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            return formatter.string(from: Date(timeIntervalSince1970: Double(value) * 86_400))
        }
    }
}
