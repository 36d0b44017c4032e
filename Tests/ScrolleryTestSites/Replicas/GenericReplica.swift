import Foundation
import Hummingbird

/// A plain JSON API for the styles the three public APIs do not use: offset paging
/// (`/offset?offset=N&limit=M`) and cursor paging (`/cursor?cursor=C` → `{"data": […], "next": C|null}`),
/// with a detail per item at `/detail/{id}`.
enum GenericReplica {
    static func item(_ id: Int) -> [String: Any] { ["id": String(id), "title": "Item \(id)"] }

    static func register(on router: Router<BasicRequestContext>, count: Int) {
        router.get("/offset") { request, _ -> Response in
            let offset = max(0, request.uri.queryParameters.get("offset", as: Int.self) ?? 0)
            let limit = max(1, request.uri.queryParameters.get("limit", as: Int.self) ?? 10)
            let ids = offset < count ? Array(offset..<min(offset + limit, count)) : []
            return .json(encoding: ["results": ids.map { item($0 + 1) }])
        }
        router.get("/cursor") { request, _ -> Response in
            // Cursors are opaque strings: "c" + the index of the next item.
            let cursor = request.uri.queryParameters.get("cursor") ?? "c0"
            let start = Int(cursor.dropFirst()) ?? 0
            let ids = start < count ? Array(start..<min(start + 7, count)) : []
            let next: Any = start + 7 < count ? "c\(start + 7)" : NSNull()
            return .json(encoding: ["data": ids.map { item($0 + 1) }, "meta": ["next": next]])
        }
        // Five items and a `Link: rel="next"` to wherever `?next=` says (a test of what is followed).
        router.get("/linkto") { request, _ -> Response in
            let next = request.uri.queryParameters.get("next") ?? ""
            return .json(encoding: (1...5).map { item($0) }, headers: ["Link": "<\(next)>; rel=\"next\""])
        }
        // A cursor API whose cursor never changes.
        router.get("/samecursor") { request, _ -> Response in
            let offset = request.uri.queryParameters.get("cursor") == nil ? 0 : 5
            return .json(encoding: ["data": (1...5).map { item($0 + offset) }, "meta": ["next": "same"]])
        }
        router.get("/detail/:id") { _, context -> Response in
            let id = context.parameters.get("id") ?? ""
            return .json(encoding: ["id": id, "body": "Detail of **\(id)**."])
        }
    }
}
