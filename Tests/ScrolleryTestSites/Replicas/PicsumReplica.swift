import Foundation
import Hummingbird

/// Lorem Picsum as `shared/APIS.md` describes it: `/v2/list?page=N&limit=M` (pages from 1, default 30,
/// at most 100, `[]` past the end, `Link` with next/prev) and `/id/{id}/info` (404 for an unknown id).
enum PicsumReplica {
    static func image(_ id: Int, base: String) -> [String: Any] {
        let sizes = [(5616, 3744), (3000, 2000), (2000, 3000), (2500, 2500)]
        let (width, height) = sizes[id % sizes.count]
        return [
            "id": String(id), "author": "Author \(id)", "width": width, "height": height,
            "url": "https://unsplash.com/photos/photo-\(id)",
            "download_url": "\(base)/id/\(id)/\(width)/\(height)",
        ]
    }

    static func register(on router: Router<BasicRequestContext>, count: Int, base: @escaping @Sendable () -> String) {
        router.get("/v2/list") { request, _ -> Response in
            let page = max(1, request.uri.queryParameters.get("page", as: Int.self) ?? 1)
            let limit = min(100, max(1, request.uri.queryParameters.get("limit", as: Int.self) ?? 30))
            let start = (page - 1) * limit
            let ids = start < count ? Array(start..<min(start + limit, count)) : []
            var links: [String] = []
            if start + limit < count {
                links.append("<\(base())/v2/list?page=\(page + 1)&limit=\(limit)>; rel=\"next\"")
            }
            if page > 1 { links.append("<\(base())/v2/list?page=\(page - 1)&limit=\(limit)>; rel=\"prev\"") }
            return .conditionalJSON(
                request, encoding: ids.map { image($0, base: base()) },
                headers: links.isEmpty ? [:] : ["Link": links.joined(separator: ", ")])
        }
        // An old address of the list, moved permanently.
        router.get("/moved/list") { request, _ -> Response in
            var headers = HTTPFields()
            headers[.location] = "/v2/list?" + (request.uri.query ?? "")
            return Response(status: .movedPermanently, headers: headers)
        }
        // The original: one small real JPEG for every id (Scrollery makes the sizes).
        router.get("/id/:id/:width/:height") { _, _ -> Response in
            guard let bytes = try? FixtureFiles.image("orientation-6.jpg") else {
                return Response(status: .notFound)
            }
            return .bytes(bytes, contentType: "image/jpeg")
        }
        router.get("/id/:id/info") { request, context -> Response in
            guard let id = context.parameters.get("id", as: Int.self), (0..<count).contains(id) else {
                return .json("Image does not exist\n", status: .notFound, headers: ["Content-Type": "text/plain"])
            }
            return .conditionalJSON(request, encoding: image(id, base: base()))
        }
    }
}
