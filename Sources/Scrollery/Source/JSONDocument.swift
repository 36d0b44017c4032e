import Foundation
import ScrolleryCore
import ScrolleryIO

/// Decodes a response body as JSON, with errors that say which location and what was wrong.
enum JSONDocument {
    /// - Parameters:
    ///   - response: the fetched response.
    ///   - shown: the location as it may be shown (secrets redacted).
    static func decode(_ response: FetchResponse, shownAs shown: String) throws(SourceError) -> JSONValue {
        if let type = response.headers["content-type"], !JSONMediaType.allows(type) {
            throw SourceError(
                location: shown,
                problem: "is not JSON: the server sent `\(type.lowercased())`. Check that the URL points at the API, "
                    + "not a web page."
            )
        }
        if let parsed = response.parsedJSON { return parsed }
        do {
            return try JSONValue.parse(response.body)
        } catch {
            throw SourceError(location: shown, problem: "is not valid JSON (\(error)).")
        }
    }
}
