import Foundation  // linked for the core, which the readers use
@testable import ScrolleryPublish

/// What an S3 server answers, read as the deploy reads it: any bytes give a document tree or an error,
/// never a trap or a hang; a listing that reads has keys, non-negative sizes and a token whenever it is
/// truncated; every listed key gets a verdict, and a managed one is a plain path under the prefix.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzS3Responses(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    if let root = try? XMLReader.parse(bytes, maxDepth: 32) {
        guard depth(of: root) <= 32 else { fatalError("a tree deeper than the limit was read") }
    }
    _ = try? S3ErrorResponse(parsing: bytes)
    _ = try? DeleteObjectsResult(parsing: bytes)
    guard let page = try? ListObjectsV2Page(parsing: bytes) else { return 0 }
    if page.isTruncated, page.nextContinuationToken == nil { fatalError("a truncated page without a token") }
    // As S3Location makes every prefix: ending at a `/` (so `gallery.items/…` is a neighbour, not ours).
    let keys = ManagedKeys(prefix: "gallery/")
    for object in page.objects {
        if object.key.isEmpty || object.size < 0 { fatalError("an object \(object) was read") }
        if case .managed(let path) = keys.verdict(on: object.key) {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            if !object.key.hasPrefix("gallery/") || parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
                || path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
            {
                fatalError("the key \(object.key.debugDescription) was taken for ours as \(path.debugDescription)")
            }
        }
    }
    return 0
}

private func depth(of element: XMLElement) -> Int {
    1 + (element.children.map(depth).max() ?? 0)
}
