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
        // A cursor API whose cursor holds `+`, `/` and `=` (as base64 does): the second page is answered only
        // to that cursor percent-encoded, never to a `+` that a server reads as a space.
        router.get("/pluscursor") { request, _ -> Response in
            let raw = (request.uri.query ?? "").split(separator: "&").first { $0.hasPrefix("cursor=") }
            guard let raw else {
                return .json(encoding: ["data": (1...5).map { item($0) }, "meta": ["next": "a+b/c="]])
            }
            let value = String(raw.dropFirst("cursor=".count))
            guard !value.contains("+"), value.removingPercentEncoding == "a+b/c=" else {
                return .json(encoding: ["error": "bad cursor \(value)"], status: .badRequest)
            }
            return .json(encoding: ["data": (6...8).map { item($0) }, "meta": ["next": NSNull()]])
        }
        // Pages of ten (`?page=N`, from 1) of 30 entries, the fourth of them `null`.
        router.get("/withnull") { request, _ -> Response in
            let page = max(1, request.uri.queryParameters.get("page", as: Int.self) ?? 1)
            let ids = page <= 3 ? Array((page - 1) * 10 + 1...page * 10) : []
            let entries: [Any] = ids.map { $0 == 4 ? NSNull() as Any : item($0) as Any }
            return .json(encoding: entries)
        }
        // Three items whose titles name the user of the path and the language asked for, in capitals.
        router.get("/whose/:user") { request, context -> Response in
            let user = (context.parameters.get("user") ?? "").uppercased()
            let language = (request.headers[.acceptLanguage] ?? "").uppercased()
            return .json(encoding: (1...3).map { ["id": String($0), "title": "\(user) in \(language) \($0)"] })
        }
        // A server (or a proxy) that answers every request 304 Not Modified, asked or not.
        router.get("/not-modified") { _, _ -> Response in Response(status: .notModified) }
        // Two pages of ten at `/numbered/1` and `/numbered/2`; every other page is a 404.
        router.get("/numbered/:page") { _, context -> Response in
            let page = Int(context.parameters.get("page") ?? "") ?? 0
            guard (1...2).contains(page) else { return .json(encoding: ["error": "no such page"], status: .notFound) }
            return .json(encoding: ((page - 1) * 10 + 1...page * 10).map { item($0) })
        }
        // Item 1's detail redirects to a host whose name does not resolve; the others are here.
        router.get("/detail-or-away/:id") { _, context -> Response in
            let id = context.parameters.get("id") ?? ""
            guard id == "1" else { return .json(encoding: ["id": id, "body": "Detail of **\(id)**."]) }
            var fields = HTTPFields()
            fields[.location] = "http://cdn.scrollery.invalid/detail/1"
            return Response(status: .found, headers: fields)
        }
        // The first 20 items' details redirect to a server on this machine at `:port`; the others are here.
        router.get("/detail-or-port/:port/:id") { _, context -> Response in
            let id = Int(context.parameters.get("id") ?? "") ?? 0
            let port = context.parameters.get("port") ?? ""
            guard id <= 20 else { return .json(encoding: ["id": String(id), "body": "Detail of **\(id)**."]) }
            var fields = HTTPFields()
            fields[.location] = "http://127.0.0.1:\(port)/d/\(id)"
            return Response(status: .found, headers: fields)
        }
        router.get("/detail/:id") { _, context -> Response in
            let id = context.parameters.get("id") ?? ""
            return .json(encoding: ["id": id, "body": "Detail of **\(id)**."])
        }
    }
}
