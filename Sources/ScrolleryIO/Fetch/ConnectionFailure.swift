import AsyncHTTPClient
import NIOCore
import NIOPosix
import NIOSSL

/// Why a request got no response, in words, and whether trying again could help: a host name that does
/// not exist or a certificate that does not verify stays so for the whole build; a refused, reset or
/// timed-out connection may pass.
package struct ConnectionFailure: Sendable, Equatable {
    /// What happened, for errors and logs.
    package let reason: String
    /// Whether no retry can mend it.
    package let isPermanent: Bool

    /// The failure an error thrown by the HTTP client stands for.
    package init(_ error: any Error) {
        if let unknown = Self.unknownHost(in: error) {
            self = .lookup(host: unknown.host, errorCode: unknown.errorCode, description: unknown.errorDescription)
            return
        }
        if let reason = Self.untrustedCertificate(in: error) {
            self.init(reason: reason, isPermanent: true)
            return
        }
        if let error = error as? HTTPClientError,
            ["Invalid URL", "Empty host", "Empty scheme", "Unsupported scheme"].contains(error.shortDescription)
        {
            self.init(reason: "the URL cannot be requested (\(error))", isPermanent: true)
            return
        }
        self.init(reason: "the connection failed (\(error))", isPermanent: false)
    }

    package init(reason: String, isPermanent: Bool) {
        self.reason = reason
        self.isPermanent = isPermanent
    }

    /// A failed name lookup (`getaddrinfo`'s error code): EAI_NONAME and EAI_NODATA say the name has no
    /// address, which no retry mends; the others (no DNS server reachable, EAI_AGAIN) may pass.
    package static func lookup(host: String, errorCode: Int, description: String) -> ConnectionFailure {
        ConnectionFailure(
            reason: "the host name \(host) does not resolve (\(description))",
            isPermanent: errorCode == Int(EAI_NONAME) || errorCode == noAddress)
    }

    private static func unknownHost(in error: any Error) -> SocketAddressError.UnknownHost? {
        if let unknown = error as? SocketAddressError.UnknownHost { return unknown }
        guard let connection = error as? NIOConnectionError else { return nil }
        // Both lookups failed, and no address was tried: the name is the failure.
        guard connection.connectionErrors.isEmpty else { return nil }
        return (connection.dnsAError ?? connection.dnsAAAAError) as? SocketAddressError.UnknownHost
    }

    private static func untrustedCertificate(in error: any Error) -> String? {
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return "its TLS certificate is not for this host (\(extra))"
        }
        if let ssl = error as? NIOSSLError, case .handshakeFailed(let detail) = ssl,
            "\(detail)".contains("CERTIFICATE_VERIFY_FAILED")
        {
            return "its TLS certificate does not verify (\(detail))"
        }
        return nil
    }
}

#if canImport(Glibc)
    /// `EAI_NODATA`, a GNU extension that Swift's Glibc module does not export.
    private let noAddress = -5
#else
    private let noAddress = Int(EAI_NONAME)
#endif
