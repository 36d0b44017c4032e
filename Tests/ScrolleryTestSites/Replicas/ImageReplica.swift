import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A picture host: the fixture files at `/img/<name>` with the type their name says, plus the lies real
/// hosts tell: `/img/not-an-image.jpg` is HTML served as `image/jpeg`, `/img/logo.svg` an SVG with a
/// script, `/img/page.html` a login page served as `text/html`; anything else is a 404.
enum ImageReplica {
    static let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>"#

    static func register(on router: Router<BasicRequestContext>) {
        router.get("/img/:name") { _, context -> Response in
            let name = context.parameters.get("name") ?? ""
            let type: String
            let body: Data
            switch name {
            case "logo.svg":
                (type, body) = ("image/svg+xml", Data(svg.utf8))
            case "page.html":
                (type, body) = ("text/html; charset=utf-8", Data("<html><body>Sign in</body></html>".utf8))
            default:
                guard let data = try? FixtureFiles.image(name) else { return Response(status: .notFound) }
                let types = ["jpg": "image/jpeg", "png": "image/png", "gif": "image/gif"]
                (type, body) = (
                    types[String(name.split(separator: ".").last ?? "")] ?? "application/octet-stream", data
                )
            }
            // Validators, as real hosts send: a build keeps them, and asks with them once the TTL runs out.
            var response = Response.bytes(body, contentType: type)
            response.headers[.eTag] = "\"\(body.count)-\(body.reduce(UInt32(7)) { $0 &* 31 &+ UInt32($1) })\""
            response.headers[.lastModified] = "Wed, 21 Oct 2026 07:28:00 GMT"
            return response
        }
    }

    /// A remote source on the same host: `/api/pictures?page=N` lists `names` `pageSize` at a time, as
    /// `{"id", "name"}` objects, and `[]` past the end.
    static func registerSource(on router: Router<BasicRequestContext>, names: [String], pageSize: Int) {
        router.get("/api/pictures") { request, _ -> Response in
            let page = max(1, request.uri.queryParameters.get("page", as: Int.self) ?? 1)
            let start = (page - 1) * pageSize
            let slice = start < names.count ? Array(names[start..<min(start + pageSize, names.count)]) : []
            let items = slice.enumerated().map { offset, name in ["id": "r\(start + offset + 1)", "name": name] }
            return .conditionalJSON(request, encoding: items)
        }
    }
}

extension Response {
    /// A whole body of bytes with its type.
    static func bytes(_ body: Data, contentType: String) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = contentType
        return Response(status: .ok, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
