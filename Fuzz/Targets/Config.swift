import Foundation

@testable import Scrollery
@testable import ScrolleryCore

/// `scrollery.yml` from any text: a `SiteConfig` or a `ConfigError`, never a trap (a number too large
/// for a duration or a size used to trap). An error never shows the value of an environment variable.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    do {
        _ = try SiteConfig.parse(yaml: text, file: file, environment: environment)
    } catch {
        if !text.contains(secret), "\(error)".contains(secret) {
            fatalError("a config error shows the value of an environment variable: \(error)")
        }
    }
    return 0
}

private let secret = "Zq7-fuzz-secret-Xw9"
private let environment = ["TOKEN": secret, "EMPTY": "", "HOME": "/home/fuzz"]
private let file = URL(fileURLWithPath: "/nonexistent/fuzz-site/scrollery.yml")
