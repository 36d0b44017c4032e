import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain TCP connection to the loopback address, for what no HTTP client sends: any method, any path
/// as written, half a request, or nothing at all. Non-blocking: waits sleep the task, never a thread.
struct RawConnection: Sendable {
    let descriptor: Int32

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What the server sent before it closed the connection or the time ran out.
    struct Received: Sendable {
        let text: String
        /// Whether the server closed (or reset) the connection.
        let closed: Bool

        /// The status code of the HTTP response received, if any.
        var status: Int? {
            guard text.hasPrefix("HTTP/1.1 ") else { return nil }
            return Int(text.dropFirst("HTTP/1.1 ".count).prefix(3))
        }

        /// The value of the header `name` (any case) of the response received.
        func header(_ name: String) -> String? {
            let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
            for line in head.components(separatedBy: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }

        /// The body of the response received.
        var body: String {
            text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        }
    }

    /// Starts connecting to 127.0.0.1:`port`; the connection completes in the background (a server that
    /// does not accept it yet leaves it waiting in its queue).
    init(port: Int) throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        #if canImport(Darwin)
            _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
            var one: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 || errno == EINPROGRESS else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "connect: \(message)")
        }
        self.descriptor = descriptor
    }

    /// Sends `text` once the connection can take it (within `timeout`).
    func sendText(_ text: String, timeout: Duration = .seconds(10)) async throws {
        let bytes = Array(text.utf8)
        var offset = 0
        let deadline = ContinuousClock.now + timeout
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { buffer in
                send(descriptor, buffer.baseAddress, buffer.count, Self.noSignal)
            }
            if sent > 0 {
                offset += sent
            } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == ENOTCONN || errno == EINTR {
                guard ContinuousClock.now < deadline else { throw Failure(description: "send timed out") }
                try await Task.sleep(for: .milliseconds(10))
            } else {
                throw Failure(description: "send: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Reads until the server closes the connection, what was read contains `marker` (when given), or
    /// `timeout` passes.
    func receive(within timeout: Duration, until marker: String? = nil) async -> Received {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                bytes += chunk[0..<count]
                if let marker, String(decoding: bytes, as: UTF8.self).contains(marker) { break }
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR && errno != ENOTCONN) {
                return Received(text: String(decoding: bytes, as: UTF8.self), closed: true)
            } else {
                do {
                    try await Task.sleep(for: .milliseconds(20))
                } catch {
                    break
                }
            }
        }
        return Received(text: String(decoding: bytes, as: UTF8.self), closed: false)
    }

    /// Sends a request with `Connection: close` and reads the whole response.
    static func request(
        _ method: String, _ target: String, port: Int, timeout: Duration = .seconds(10)
    ) async throws -> Received {
        let connection = try RawConnection(port: port)
        defer { connection.closeConnection() }
        try await connection.sendText(
            "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        return await connection.receive(within: timeout)
    }

    func closeConnection() {
        close(descriptor)
    }

    /// Sending on a connection the server closed fails with EPIPE instead of killing the test process.
    private static var noSignal: Int32 {
        #if canImport(Glibc)
            Int32(MSG_NOSIGNAL)
        #else
            0
        #endif
    }
}
