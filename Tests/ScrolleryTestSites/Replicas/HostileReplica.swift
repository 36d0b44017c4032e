import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// An API that misbehaves on purpose, each route one way: a body that trickles, a gzip bomb, pages that
/// repeat or never end, huge numbers in its headers, and redirects to wherever `?to=` says.
enum HostileReplica {
    static func items(_ ids: ClosedRange<Int>) -> [[String: Any]] {
        ids.map { ["id": String($0), "title": "Item \($0)"] }
    }

    static func register(on router: Router<BasicRequestContext>, bomb: ByteBuffer = ByteBuffer()) {
        // Five items, then a detail per item that trickles: a byte every 100 ms, for at most a minute.
        router.get("/list") { _, _ -> Response in .json(encoding: items(1...5)) }
        router.get("/trickle/:id") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "{\"description\": \""))
                    for _ in 0..<600 {
                        try await Task.sleep(for: .milliseconds(100))
                        try await writer.write(ByteBuffer(string: "x"))
                    }
                    try await writer.write(ByteBuffer(string: "\"}"))
                    try await writer.finish(nil)
                })
        }
        // Gzip of far more zeros than any limit, with the headers of a JSON response.
        router.get("/bomb/:id") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "application/json", .contentEncoding: "gzip"],
                body: .init(byteBuffer: bomb))
        }
        // The same five items whatever page is asked for.
        router.get("/same") { _, _ -> Response in .json(encoding: items(1...5)) }
        // New items on every page, forever.
        router.get("/endless") { request, _ -> Response in
            let page = max(1, request.uri.queryParameters.get("page", as: Int.self) ?? 1)
            return .json(encoding: items((page * 5 - 4)...(page * 5)))
        }
        // A page whose items are not all objects.
        router.get("/mixed") { _, _ -> Response in
            .json(#"[{"id": "1", "title": "One"}, "two", 3, null, [4], {"id": "5", "title": "Five"}]"#)
        }
        // A 302 to `?to=`, percent-decoded.
        router.get("/redirect") { request, _ -> Response in
            let target = request.uri.queryParameters.get("to") ?? "/"
            return Response(status: .found, headers: [.location: target])
        }
        router.get("/detail/:id") { _, context -> Response in
            .json(encoding: ["description": "Detail of \(context.parameters.get("id") ?? "")."])
        }
    }

    /// `count` zero bytes, gzip-compressed by the system's `gzip`.
    static func gzipBomb(zeros count: Int) async throws -> ByteBuffer {
        ByteBuffer(bytes: try await ChildProcess.output(ofShell: "head -c \(count) /dev/zero | gzip -1 -c"))
    }
}
