import Foundation
import ScrolleryCore

extension CachedResponse.Header {
    /// Reads a header line with the build's own JSON parser: a cached build reads one per response, and
    /// Foundation's decoder costs more than the rest of the lookup. `nil` for a line that is not a header.
    init?(line: Data) {
        guard case .object(let fields)? = try? JSONValue.parse(line),
            case .string(let url)? = fields["url"],
            case .number(let status)? = fields["status"], let code = Int(exactly: status.value),
            case .number(let storedAt)? = fields["storedAt"],
            case .object(let headerFields)? = fields["headers"]
        else { return nil }
        var headers: [String: String] = [:]
        for (name, value) in headerFields {
            guard case .string(let text) = value else { return nil }
            headers[name] = text
        }
        var digest: String?
        if let field = fields["digest"] {
            guard case .string(let text) = field else { return nil }
            digest = text
        }
        self.init(url: url, status: code, headers: headers, storedAt: storedAt.value, digest: digest)
    }
}
