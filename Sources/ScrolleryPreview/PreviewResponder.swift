import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Answers every request of the preview: the live-reload event stream, and the files of the latest good
/// build under the site's base path, with the live-reload script added to HTML, the site's `404.html`
/// for misses, and no way out of the output folder.
struct PreviewResponder<Context: RequestContext>: RouterMiddleware {
    let state: PreviewState
    let broadcaster: ReloadBroadcaster
    let latency: Duration
    let failRate: Double

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        if path == LiveReloadScript.eventsPath { return await events() }
        if latency > .zero { try await Task.sleep(for: latency) }
        if failRate > 0, Double.random(in: 0..<1) < failRate {
            return Self.text("Injected failure (serve --fail-rate).\n", status: .internalServerError)
        }
        return try await file(at: path)
    }

    /// Server-Sent Events: a `reload` after each good rebuild, a `build-error` after a failed one.
    private func events() async -> Response {
        let stream = await broadcaster.subscribe()
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
                // Ends when the page goes away, or when the watcher closes every stream at shutdown.
                for await event in stream {
                    try await writer.write(ByteBuffer(string: event.serverSentEvent))
                }
                try await writer.finish(nil)
            })
    }

    private func file(at rawPath: String) async throws -> Response {
        let (output, basePath, lastError) = await state.snapshot
        guard let path = rawPath.removingPercentEncoding, !path.contains("\0") else {
            return Self.text("Bad path.\n", status: .badRequest)
        }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.contains(where: { $0 == ".." || $0 == "." }) else {
            return try notFound(output: output, lastError: lastError)
        }
        guard path.hasPrefix(basePath) else {
            if path + "/" == basePath || path == "/" { return Self.redirect(to: basePath) }
            return try notFound(output: output, lastError: lastError)
        }
        var relative = String(path.dropFirst(basePath.count))
        var file = output.appendingPathComponent(relative).standardizedFileURL
        guard file.path == output.standardizedFileURL.path || file.path.hasPrefix(output.standardizedFileURL.path + "/")
        else { return try notFound(output: output, lastError: lastError) }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), isFolder.boolValue {
            guard path.hasSuffix("/") else { return Self.redirect(to: rawPath + "/") }
            relative += "index.html"
            file = file.appendingPathComponent("index.html")
        }
        guard let data = try? Data(contentsOf: file) else { return try notFound(output: output, lastError: lastError) }
        return Self.respond(data, name: file.lastPathComponent, status: .ok, lastError: lastError)
    }

    private func notFound(output: URL, lastError: String?) throws -> Response {
        if let page = try? Data(contentsOf: output.appendingPathComponent("404.html")) {
            return Self.respond(page, name: "404.html", status: .notFound, lastError: lastError)
        }
        return Self.text("Not found.\n", status: .notFound)
    }

    private static func respond(_ data: Data, name: String, status: HTTPResponse.Status, lastError: String?) -> Response
    {
        let fileExtension = (name as NSString).pathExtension.lowercased()
        var headers = HTTPFields()
        headers[.cacheControl] = "no-store"
        var body = data
        if fileExtension == "html" || fileExtension == "htm" {
            headers[.contentType] = "text/html; charset=utf-8"
            body = Data(LiveReloadScript.inject(into: String(decoding: data, as: UTF8.self), error: lastError).utf8)
        } else if let type = MediaType.getMediaType(forExtension: fileExtension) {
            let isText =
                type.type == .text || fileExtension == "js" || fileExtension == "json" || fileExtension == "svg"
                || fileExtension == "xml"
            headers[.contentType] = type.description + (isText ? "; charset=utf-8" : "")
        } else {
            headers[.contentType] = "application/octet-stream"
        }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    private static func text(_ text: String, status: HTTPResponse.Status) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    private static func redirect(to location: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        return Response(status: .found, headers: headers)
    }
}
