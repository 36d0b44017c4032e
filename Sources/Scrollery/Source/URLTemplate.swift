import Foundation
import Mustache

/// A URL or path with Mustache placeholders whose values are percent-encoded, so a value from a
/// source can never change the shape of the URL (add a `/`, `..`, `?` or `#`).
struct URLTemplate: Sendable {
    private static let registration: Void = {
        MustacheContentTypes.register(PercentEncodedContentType(), named: PercentEncodedContentType.name)
    }()

    let text: String
    private let template: MustacheTemplate

    init(_ text: String) throws {
        Self.registration
        self.text = text
        self.template = try MustacheTemplate(string: "{{% CONTENT_TYPE: \(PercentEncodedContentType.name)}}" + text)
    }

    func render(_ context: Any) -> String {
        template.render(context)
    }
}

/// Percent-encodes everything but RFC 3986's unreserved characters.
struct PercentEncodedContentType: MustacheContentType {
    static let name = "URL_COMPONENT"
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    func escapeText(_ text: String) -> String {
        let encoded = text.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? ""
        // `.` and `..` alone are path segments even when encoded, so spell them out.
        return encoded == "." || encoded == ".." ? encoded.replacingOccurrences(of: ".", with: "%2E") : encoded
    }
}
