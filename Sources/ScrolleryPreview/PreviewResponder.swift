import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Answers every request of the preview: the live-reload event stream, and the files of the latest good
/// build under the site's base path, with the live-reload script added to HTML and the site's `404.html`
/// for misses. Only GET and HEAD are answered (405 otherwise), only regular files really inside the
/// output folder are served, and a redirect always stays on this server.
struct PreviewResponder<Context: RequestContext>: RouterMiddleware {
    let state: PreviewState
    let broadcaster: ReloadBroadcaster
    let latency: Duration
    let failRate: Double

    /// The methods the preview answers, as the `Allow` header of a 405 names them.
    static var allowedMethods: String { "GET, HEAD" }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method == .get || request.method == .head else { return Self.methodNotAllowed() }
        let path = request.uri.path
        if path == LiveReloadScript.eventsPath {
            return request.method == .head ? Self.eventsHead() : await events()
        }
        if latency > .zero { try await Task.sleep(for: latency) }
        if failRate > 0, Double.random(in: 0..<1) < failRate {
            return Self.text("Injected failure (serve --fail-rate).\n", status: .internalServerError)
        }
        let response = await file(at: path)
        return request.method == .head ? response.createHeadResponse() : response
    }

    /// Server-Sent Events: a `reload` after each good rebuild, a `build-error` after a failed one.
    private func events() async -> Response {
        let stream = await broadcaster.subscribe()
        return Response(
            status: .ok, headers: Self.eventsHeaders,
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
                // Ends when the page goes away, or when the watcher closes every stream at shutdown.
                for await event in stream {
                    try await writer.write(ByteBuffer(string: event.serverSentEvent))
                }
                try await writer.finish(nil)
            })
    }

    private static var eventsHeaders: HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        return headers
    }

    private static func eventsHead() -> Response {
        Response(status: .ok, headers: eventsHeaders)
    }

    private func file(at rawPath: String) async -> Response {
        let (output, basePath, lastError) = await state.snapshot
        let reader = OutputFolderReader(outputFolder: output)
        let path: RequestPath
        switch RequestPath.parse(rawPath) {
        case .success(let parsed): path = parsed
        case .failure(.undecodable): return Self.text("Bad path.\n", status: .badRequest)
        case .failure(.traversal): return notFound(reader, lastError: lastError)
        }
        let base = RequestPath(names: basePath.split(separator: "/").map(String.init), endsWithSlash: true)
        guard let relative = path.names(after: base.names) else {
            if path.names.isEmpty { return Self.redirect(to: base.folderLocation) }
            return notFound(reader, lastError: lastError)
        }
        switch reader.entry(at: relative) {
        case .folder:
            guard path.endsWithSlash else { return Self.redirect(to: path.folderLocation) }
            guard case .file(let page) = reader.entry(at: relative + ["index.html"]) else {
                return notFound(reader, lastError: lastError)
            }
            return Self.respond(page, name: "index.html", status: .ok, lastError: lastError)
        case .file(let data) where !path.endsWithSlash:
            return Self.respond(data, name: relative.last ?? "", status: .ok, lastError: lastError)
        case .file, .missing:
            return notFound(reader, lastError: lastError)
        }
    }

    private func notFound(_ reader: OutputFolderReader, lastError: String?) -> Response {
        if case .file(let page) = reader.entry(at: ["404.html"]) {
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

    private static func methodNotAllowed() -> Response {
        var response = text("The preview answers only GET and HEAD.\n", status: .methodNotAllowed)
        response.headers[.allow] = allowedMethods
        return response
    }

    private static func redirect(to location: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        return Response(status: .found, headers: headers)
    }
}
