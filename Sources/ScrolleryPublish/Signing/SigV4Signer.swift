import Crypto
import ScrolleryCore
package import ScrolleryIO

/// The payload's part in a signature: the SHA-256 of the body in lowercase hex, or `UNSIGNED-PAYLOAD`.
package enum PayloadHash: Sendable, Equatable {
    case sha256Hex(String)
    case unsigned

    /// The SHA-256 of `bytes`.
    package static func of(_ bytes: [UInt8]) -> PayloadHash {
        .sha256Hex(ContentDigest.hex(of: bytes))
    }

    /// The hash of an empty body, which GET, HEAD and DELETE requests sign.
    package static let empty = PayloadHash.sha256Hex(
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")

    /// The value of `x-amz-content-sha256` and the last line of the canonical request.
    package var value: String {
        switch self {
        case .sha256Hex(let hex): hex
        case .unsigned: "UNSIGNED-PAYLOAD"
        }
    }
}

/// A signed request: the headers to add to it, and the steps that made them (for tests and for telling a
/// signature mismatch apart).
package struct SigV4Signature: Sendable, Equatable {
    package let canonicalRequest: String
    package let stringToSign: String
    /// The signature in lowercase hex.
    package let signature: String
    /// `x-amz-date`, `x-amz-content-sha256`, `x-amz-security-token` (with temporary credentials) and
    /// `Authorization`: to send with the request's own headers and its `Host`.
    package let headersToAdd: [HTTPHeader]

    package var authorization: String { headersToAdd.last?.value ?? "" }
}

/// Signs S3 requests with AWS Signature Version 4, `Authorization` header form, by the book: canonical
/// request, string to sign, and the HMAC-SHA256 chain date → region → service → `aws4_request`. Pure: the
/// time comes in, nothing is read or sent.
package struct SigV4Signer: Sendable {
    package let credentials: S3Credentials
    package let region: String
    package let service: String

    package init(credentials: S3Credentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// The names the signer sets itself; a request's own header of one of these names is left out.
    private static let ownNames: Set<String> = [
        "host", "x-amz-date", "x-amz-content-sha256", "x-amz-security-token", "authorization",
    ]

    package func sign(_ request: SigV4Request, payload: PayloadHash, at time: SigningTime) -> SigV4Signature {
        var added = [
            HTTPHeader("x-amz-date", time.timestamp), HTTPHeader("x-amz-content-sha256", payload.value),
        ]
        if let token = credentials.sessionToken { added.append(HTTPHeader("x-amz-security-token", token)) }

        // Lowercased names; values trimmed with runs of spaces made one; repeated names joined by commas.
        var values: [String: [String]] = ["host": [Self.canonicalValue(request.host)]]
        for header in request.headers where !Self.ownNames.contains(header.name.lowercased()) {
            values[header.name.lowercased(), default: []].append(Self.canonicalValue(header.value))
        }
        for header in added { values[header.name, default: []].append(Self.canonicalValue(header.value)) }
        let names = values.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let canonicalHeaders = names.map { "\($0):\(values[$0, default: []].joined(separator: ","))\n" }.joined()
        let signedHeaders = names.joined(separator: ";")

        let canonicalRequest = [
            request.method, SigV4Encoding.path(request.path), request.canonicalQuery, canonicalHeaders,
            signedHeaders, payload.value,
        ].joined(separator: "\n")
        let scope = "\(time.day)/\(region)/\(service)/aws4_request"
        let stringToSign = [
            "AWS4-HMAC-SHA256", time.timestamp, scope,
            ContentDigest.hex(of: canonicalRequest),
        ].joined(separator: "\n")

        var key = SymmetricKey(data: Array(("AWS4" + credentials.secretAccessKey).utf8))
        for part in [String(time.day), region, service, "aws4_request"] {
            key = SymmetricKey(data: HMAC<SHA256>.authenticationCode(for: Array(part.utf8), using: key))
        }
        let signature = Hex.lowercase(HMAC<SHA256>.authenticationCode(for: Array(stringToSign.utf8), using: key))
        added.append(
            HTTPHeader(
                "Authorization",
                "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope),"
                    + "SignedHeaders=\(signedHeaders),Signature=\(signature)"))
        return SigV4Signature(
            canonicalRequest: canonicalRequest, stringToSign: stringToSign, signature: signature,
            headersToAdd: added)
    }

    /// A value trimmed of spaces and tabs at both ends, each run of spaces inside made one space.
    static func canonicalValue(_ value: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(value.utf8.count)
        var pendingSpace = false
        for byte in value.utf8 {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(UInt8(ascii: " ")) }
            pendingSpace = false
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }
}
