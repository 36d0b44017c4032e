/// How `{{name}}` writes a value (`{{{name}}}` and `{{&name}}` always write it as it is).
enum TemplateEscaping: Sendable {
    /// `&`, `<`, `>`, `"` and `'` as entities: the theme's pages.
    case html
    /// As it is: the item fields of a config, which are text until the theme escapes them.
    case none
    /// Everything but RFC 3986's unreserved characters percent-encoded: a value placed in a URL.
    case urlComponent

    func append(_ text: String, to output: inout [UInt8]) {
        switch self {
        case .none: output.append(contentsOf: text.utf8)
        case .html: Self.appendHTML(text, to: &output)
        case .urlComponent: output.append(contentsOf: Self.percentEncoded(text).utf8)
        }
    }

    private static func appendHTML(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let entity: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                output.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                start = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// Percent-encodes every byte of the UTF-8 text but RFC 3986's unreserved characters
    /// (`A–Z a–z 0–9 - . _ ~`). `.` and `..` alone are path segments even when encoded, so they are
    /// spelled out as `%2E`.
    static func percentEncoded(_ text: String) -> String {
        if text == "." || text == ".." { return text == "." ? "%2E" : "%2E%2E" }
        if text.utf8.allSatisfy(URIBytes.isUnreserved) { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if URIBytes.isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hex[Int(byte >> 4)])
                encoded.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }
}
