/// The `Content-Type` of a file from its extension (case ignored); text types say `charset=utf-8`, as
/// Scrollery writes UTF-8. Unknown extensions get `application/octet-stream`.
package enum ContentType {
    private static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json; charset=utf-8", "map": "application/json; charset=utf-8",
        "xml": "application/xml; charset=utf-8", "txt": "text/plain; charset=utf-8",
        "svg": "image/svg+xml", "webp": "image/webp", "jpg": "image/jpeg", "jpeg": "image/jpeg",
        "png": "image/png", "gif": "image/gif", "avif": "image/avif", "ico": "image/x-icon",
        "woff2": "font/woff2", "woff": "font/woff", "ttf": "font/ttf", "otf": "font/otf",
        "webmanifest": "application/manifest+json", "wasm": "application/wasm", "pdf": "application/pdf",
        "zip": "application/zip", "csv": "text/csv; charset=utf-8", "md": "text/markdown; charset=utf-8",
        "mp4": "video/mp4", "webm": "video/webm", "mov": "video/quicktime", "mp3": "audio/mpeg",
        "m4a": "audio/mp4", "ogg": "audio/ogg", "wav": "audio/wav", "jxl": "image/jxl", "bmp": "image/bmp",
        "tif": "image/tiff", "tiff": "image/tiff",
    ]

    /// The table of the deploys whose manifest records no headers (version 1): what the objects they sent
    /// were given, so a file whose type has changed since is sent again.
    private static let firstVersion: [String: String] = byExtension.filter { extensionName, _ in
        ![
            "ttf", "otf", "wasm", "pdf", "zip", "csv", "md", "mp4", "webm", "mov", "mp3", "m4a", "ogg", "wav", "jxl",
            "bmp", "tif", "tiff",
        ].contains(extensionName)
    }

    package static let fallback = "application/octet-stream"

    /// - Parameter firstVersion: the type the first version of the deploy gave it.
    package static func of(path: String, firstVersion: Bool = false) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        return (firstVersion ? Self.firstVersion : byExtension)[name[name.index(after: dot)...].lowercased()]
            ?? fallback
    }
}
