@testable import Scrollery
@testable import ScrolleryCore

/// Slugs of any ids (one per line): each is 1 to 80 bytes of lowercase letters, digits and single
/// dashes inside, never `.`, `..`, a `/` or a control character; they are unique however the ids repeat;
/// and the ASCII fast path agrees with the Unicode one. Each line is also checked as a path relative to the
/// output folder, byte by byte against the check by components.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSlug(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    var slugger = Slugger()
    var seen: Set<String> = []
    for id in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(256).map(String.init) {
        // Each line as a relative path too: the byte check the output's writes use agrees with the reference.
        guard RelativePath.staysInside(id) == RelativePath.staysInsideByComponents(id) else {
            fatalError("the path checks disagree on \(id.debugDescription)")
        }
        let base = Slugger.base(for: id)
        guard base == Slugger.unicodeBase(for: id) else {
            fatalError("the ASCII and Unicode slugs of \(id.debugDescription) differ: \(base)")
        }
        let slug = slugger.next(for: id).text
        check(slug, of: id)
        guard seen.insert(slug).inserted else { fatalError("the slug \(slug) was given twice") }
    }
    return 0
}

private func check(_ slug: String, of id: String) {
    func fail(_ problem: String) -> Never {
        fatalError("the slug \(slug.debugDescription) of \(id.debugDescription) \(problem)")
    }
    if slug.isEmpty || slug.utf8.count > Slugger.maximumLength { fail("has \(slug.utf8.count) bytes") }
    if slug == "." || slug == ".." || slug.contains("/") || slug.contains(".") { fail("could be a path") }
    if slug.hasPrefix("-") || slug.hasSuffix("-") || slug.contains("--") { fail("has a stray dash") }
    let controls: ClosedRange<UInt32> = 0x7F...0x9F
    if slug.unicodeScalars.contains(where: {
        $0.properties.isWhitespace || $0.value < 0x20 || controls.contains($0.value)
    }) {
        fail("has white space or a control character")
    }
    if slug.lowercased() != slug { fail("is not lowercase") }
}
