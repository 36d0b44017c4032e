import Testing

@testable import ScrolleryPublish

/// Listed keys are untrusted: only a key inside the prefix whose rest is a plain relative path is ours to
/// map to a local path and to delete.
@Suite("Managed keys")
struct ManagedKeysTests {
    static let keys = ManagedKeys(prefix: "gallery/")

    @Test(
        "keys that are ours map to their path under the prefix",
        arguments: [
            ("gallery/index.html", "index.html"), ("gallery/items/été 🌸/index.html", "items/été 🌸/index.html"),
            ("gallery/a b+c=%~", "a b+c=%~"), ("gallery/..foo/x", "..foo/x"),
            ("gallery/.well-known/x", ".well-known/x"),
        ])
    func managed(key: String, path: String) {
        #expect(Self.keys.verdict(on: key) == .managed(relativePath: path))
    }

    @Test(
        "keys outside the prefix are not ours",
        arguments: ["gallery", "gallery-old/index.html", "galleryx", "other/gallery/x", "Gallery/x", "", "/gallery/x"])
    func outside(key: String) {
        #expect(Self.keys.verdict(on: key) == .outsidePrefix)
    }

    @Test(
        "keys under the prefix that are not plain paths are never ours",
        arguments: [
            "gallery/", "gallery//x", "gallery/a//b", "gallery/a/", "gallery/../x", "gallery/a/../../x",
            "gallery/./x", "gallery/a/.", "gallery/a/..", "gallery/a\u{0}b", "gallery/a\nb", "gallery/a\rb",
            "gallery/a\tb", "gallery/\u{1B}[31m", "gallery/a\u{7F}", "gallery/a\u{85}b", "gallery/a\u{9F}",
        ])
    func unsafe(key: String) {
        guard case .unsafe(let reason) = Self.keys.verdict(on: key) else {
            Issue.record("\(key.debugDescription) was \(Self.keys.verdict(on: key))")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test(
        "Scrollery's bookkeeping is recognised wherever it is",
        arguments: [
            "gallery/.scrollery-manifest", "gallery/.scrollery-render-keys", "gallery/.scrollery",
            "gallery/a/.scrollery-x",
        ])
    func bookkeeping(key: String) {
        #expect(Self.keys.verdict(on: key) == .bookkeeping)
    }

    @Test("with no prefix every plain path is ours, and the empty key is not")
    func emptyPrefix() {
        let keys = ManagedKeys(prefix: "")
        #expect(keys.verdict(on: "index.html") == .managed(relativePath: "index.html"))
        #expect(keys.verdict(on: "/etc/passwd") != .managed(relativePath: "/etc/passwd"))
        #expect(keys.verdict(on: "../x") != .managed(relativePath: "../x"))
        #expect(keys.verdict(on: "") == .unsafe(reason: "it is the prefix itself"))
    }
}
