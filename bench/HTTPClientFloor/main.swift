import AsyncHTTPClient
import Foundation
import NIOCore
import ScrolleryIO

// The floor of Scrollery's HTTP stack for bench/cpu.py: AsyncHTTPClient alone fetching the URLs of a file
// (one per line), `concurrency` at a time over the client `HTTPFetcher.makeClient` makes for a build (kept-alive
// connections, at most `concurrency` to a host, gzip accepted), each body collected whole and dropped.
// What this program spends per response is what the client and NIO cost before any of Scrollery's work.
//
//     http-client-floor URLS_FILE [CONCURRENCY]

let arguments = CommandLine.arguments
guard arguments.count >= 2, let list = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
    FileHandle.standardError.write(Data("usage: http-client-floor URLS_FILE [CONCURRENCY]\n".utf8))
    exit(2)
}
let urls = list.split(separator: "\n").map(String.init)
let concurrency = arguments.count > 2 ? max(1, Int(arguments[2]) ?? 8) : 8

// Scrollery's own client, made by the same function with the default settings but the concurrency.
var settings = FetchConfig()
settings.concurrency = concurrency
let client = HTTPFetcher.makeClient(settings)
let largestBody = settings.maxBodySize

/// One URL's body size, or -1 when it failed.
func fetch(_ url: String) async -> Int {
    var request = HTTPClientRequest(url: url)
    request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
    do {
        let response = try await client.execute(request, timeout: HTTPFetcher.timeAmount(settings.timeout))
        let body = try await response.body.collect(upTo: largestBody)
        return response.status == .ok ? body.readableBytes : -1
    } catch {
        return -1
    }
}

let (fetched, failed, bytes) = await withTaskGroup(of: Int.self) { group in
    var next = 0
    var fetched = 0
    var failed = 0
    var bytes = 0
    while next < min(concurrency, urls.count) {
        group.addTask { [url = urls[next]] in await fetch(url) }
        next += 1
    }
    for await size in group {
        if size < 0 { failed += 1 } else { (fetched, bytes) = (fetched + 1, bytes + size) }
        if next < urls.count {
            group.addTask { [url = urls[next]] in await fetch(url) }
            next += 1
        }
    }
    return (fetched, failed, bytes)
}
_ = try? await client.shutdown().get()
print("\(fetched) fetched, \(failed) failed, \(bytes) bytes")
exit(failed == 0 ? 0 : 1)
