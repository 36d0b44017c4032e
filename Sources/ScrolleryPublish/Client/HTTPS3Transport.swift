package import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ScrolleryCore
import ScrolleryIO

/// Sends S3 requests with async-http-client: files are streamed from disk in chunks, answers are read
/// whole up to `maxResponseBytes`. S3's own answers are small XML documents, but the deploy's manifest is
/// a line a file: about 80 MB at a million files, so the cap (512 MiB) is about six million.
package struct HTTPS3Transport: S3Transport {
    package let client: HTTPClient
    /// The longest a request may take, body included.
    package let timeout: Duration
    package let maxResponseBytes: Int

    package init(client: HTTPClient, timeout: Duration = .seconds(120), maxResponseBytes: Int = 512 << 20) {
        self.client = client
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }

    /// A client for a deploy: at most `concurrency` connections, no redirects (a signed request is not
    /// sent anywhere else), no connection retries of its own (the S3 client decides). The caller shuts it
    /// down.
    package static func makeClient(concurrency: Int) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: .seconds(60)))
        configuration.connectionPool = .init(idleTimeout: .seconds(30))
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(concurrency, 1)
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    package func send(_ request: S3OutgoingRequest) async throws(S3TransportFailure) -> S3IncomingResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        outgoing.headers.add(name: "User-Agent", value: "Scrollery")
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        switch request.body {
        case .empty:
            if request.method == "PUT" || request.method == "POST" { outgoing.body = .bytes(ByteBuffer()) }
        case .bytes(let bytes):
            outgoing.body = .bytes(ByteBuffer(bytes: bytes))
        case .file(let path, let size):
            outgoing.body = .stream(
                FileChunks(path: path, offset: 0, size: size, wholeFile: true), length: .known(size))
        case .fileRange(let path, let offset, let length):
            outgoing.body = .stream(
                FileChunks(path: path, offset: offset, size: length, wholeFile: false), length: .known(length))
        }
        do {
            let response = try await client.execute(
                outgoing, timeout: .milliseconds(Int64(timeout / .milliseconds(1))))
            let body = try await response.body.collect(upTo: maxResponseBytes)
            var headers: [String: String] = [:]
            for (name, value) in response.headers {
                let key = name.lowercased()
                headers[key] = headers[key].map { "\($0), \(value)" } ?? value
            }
            return S3IncomingResponse(
                status: Int(response.status.code), headers: headers, body: Array(body.readableBytesView))
        } catch let error as FileChunks.ReadError {
            throw S3TransportFailure(.localFile, error.description)
        } catch is NIOTooManyBytesError {
            throw S3TransportFailure(.permanent, "the answer is larger than \(maxResponseBytes) bytes")
        } catch is CancellationError {
            throw S3TransportFailure(.cancelled, "cancelled")
        } catch let error as HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                throw S3TransportFailure(.timeout, "no answer within \(timeout)")
            case .cancelled:
                throw S3TransportFailure(.cancelled, "cancelled")
            default:
                throw Self.failure(error)
            }
        } catch {
            throw Self.failure(error)
        }
    }

    private static func failure(_ error: any Error) -> S3TransportFailure {
        let failure = ConnectionFailure(error)
        return S3TransportFailure(failure.isPermanent ? .permanent : .connection, failure.reason)
    }
}

/// `size` bytes of a file from `offset` (the whole file, or one part of it) as a stream of buffers of at
/// most 1 MiB, read as the request is sent; it throws when the file cannot be read or is not as long as
/// planned, so a changed file is never sent cut short.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    struct ReadError: ScrolleryError {
        let description: String
        var problem: String { description }
    }

    let path: String
    let offset: Int64
    let size: Int64
    /// Whether the bytes are the whole file, which must then end where they end.
    let wholeFile: Bool

    func makeAsyncIterator() -> Iterator { Iterator(chunks: self) }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: FileChunks
        var handle: FileHandle?
        var sent: Int64 = 0

        init(chunks: FileChunks) {
            self.chunks = chunks
        }

        mutating func next() async throws -> ByteBuffer? {
            let path = chunks.path
            let size = chunks.size
            if handle == nil {
                guard let opened = FileHandle(forReadingAtPath: path) else {
                    throw ReadError(description: "cannot open \(path) to upload it")
                }
                do {
                    try opened.seek(toOffset: UInt64(chunks.offset))
                } catch {
                    throw ReadError(description: "cannot read \(path): \(error)")
                }
                handle = opened
            }
            guard let handle else { return nil }
            let chunk: Data
            do {
                let wanted = chunks.wholeFile ? 1 << 20 : Int(Swift.min(Int64(1 << 20), size - sent))
                chunk = wanted > 0 ? try handle.read(upToCount: wanted) ?? Data() : Data()
            } catch {
                throw ReadError(description: "cannot read \(path): \(error)")
            }
            if chunk.isEmpty {
                try? handle.close()
                guard sent == size else {
                    throw ReadError(
                        description: "\(path) changed while it was uploaded (\(sent) bytes, not \(size)); build again")
                }
                return nil
            }
            sent += Int64(chunk.count)
            guard sent <= size else {
                throw ReadError(description: "\(path) grew while it was uploaded; build again")
            }
            return ByteBuffer(bytes: chunk)
        }
    }
}

extension HTTPS3Transport {
    /// Runs `body` with a transport over a client made for `concurrency` requests at once, and shuts the
    /// client down after it, whether it returns or throws.
    package static func with<Result: Sendable>(
        concurrency: Int, _ body: (HTTPS3Transport) async throws -> Result
    ) async throws -> Result {
        let client = makeClient(concurrency: concurrency)
        do {
            let result = try await body(HTTPS3Transport(client: client))
            try await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
