import Crypto
import Foundation
import ScrolleryCore

/// A DeleteObjects request's body for up to 1,000 keys, in quiet mode (the answer lists only failures),
/// and its `Content-MD5`, which S3 requires for this request.
package struct DeleteObjectsBatch: Sendable, Equatable {
    /// S3's limit of keys per DeleteObjects request.
    package static let maxKeys = 1000

    package let keys: [String]
    /// `<Delete><Quiet>true</Quiet><Object><Key>…</Key></Object>…</Delete>`, keys XML-escaped.
    package let body: [UInt8]
    /// Base64 of the body's MD5.
    package let contentMD5: String

    /// The keys in batches of at most `maxKeys`, in order. Throws when a key holds a character XML 1.0
    /// cannot carry: such a key could only be sent changed, and would name another object.
    package static func batches(of keys: [String], size: Int = maxKeys) throws(S3RequestError) -> [DeleteObjectsBatch] {
        let size = min(max(size, 1), maxKeys)
        var batches: [DeleteObjectsBatch] = []
        var start = 0
        while start < keys.count {
            let end = min(start + size, keys.count)
            batches.append(try DeleteObjectsBatch(keys: Array(keys[start..<end])))
            start = end
        }
        return batches
    }

    package init(keys: [String]) throws(S3RequestError) {
        guard keys.count <= Self.maxKeys else {
            throw S3RequestError(
                problem: "a DeleteObjects request holds at most \(Self.maxKeys) keys, not \(keys.count)")
        }
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<Delete xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Quiet>true</Quiet>"
        for key in keys {
            guard let escaped = Self.escaped(key) else {
                throw S3RequestError(problem: "the key \(key.debugDescription) has a character XML cannot carry")
            }
            text += "<Object><Key>\(escaped)</Key></Object>"
        }
        text += "</Delete>"
        self.keys = keys
        body = Array(text.utf8)
        contentMD5 = Data(Insecure.MD5.hash(data: body)).base64EncodedString()
    }

    /// `text` escaped for XML content, with tab, newline and carriage return as character references so that
    /// no reader changes them; nil when it holds a character XML 1.0 forbids.
    static func escaped(_ text: String) -> String? {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: result += "&amp;"
            case 0x3C: result += "&lt;"
            case 0x3E: result += "&gt;"
            case 0x22: result += "&quot;"
            case 0x27: result += "&apos;"
            case 0x09, 0x0A, 0x0D: result += "&#\(scalar.value);"
            case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: result.unicodeScalars.append(scalar)
            default: return nil
            }
        }
        return result
    }
}

/// A request that cannot be made as asked.
package struct S3RequestError: ScrolleryError, Sendable, Equatable {
    package let problem: String

    package var description: String { "Cannot make the request: \(problem)." }
}
