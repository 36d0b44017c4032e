import Foundation

/// Decodes a response body as JSON, with errors that say which location and what was wrong.
enum JSONDocument {
    /// - Parameters:
    ///   - response: the fetched response.
    ///   - shown: the location as it may be shown (secrets redacted).
    static func decode(_ response: FetchResponse, shownAs shown: String) throws(SourceError) -> JSONValue {
        if let type = response.headers["content-type"]?.lowercased(), !isJSON(type) {
            throw SourceError(
                location: shown,
                problem: "is not JSON: the server sent `\(type)`. Check that the URL points at the API, not a web page."
            )
        }
        do {
            return try JSONValue.parse(response.body)
        } catch {
            throw SourceError(location: shown, problem: "is not valid JSON (\(error)).")
        }
    }

    static func isJSON(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return type.hasSuffix("/json") || type.hasSuffix("+json") || type == "text/plain"
            || type == "application/octet-stream" || type == "text/javascript" || type.isEmpty
    }
}
