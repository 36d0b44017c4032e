import ScrolleryTestSupport
import Testing

@testable import ScrolleryPublish

/// A sequence awaited one element at a time, from an array.
struct AwaitedArray<Element: Sendable>: AsyncSequence, Sendable {
    let elements: [Element]

    struct Iterator: AsyncIteratorProtocol {
        var rest: ArraySlice<Element>

        mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await Task.yield()
            return rest.popFirst()
        }

        mutating func next() async -> Element? { await next(isolation: nil) }
    }

    func makeAsyncIterator() -> Iterator { Iterator(rest: elements[...]) }
}

/// The plan: a streaming merge of the output folder and the listing into uploads, unchanged files and
/// deletes, refusing inputs out of UTF-8 byte order.
@Suite("Publish plan")
struct PublishPlannerTests {
    static let md5A = "0cc175b9c0f1b6a831c399e269772661"
    static let md5B = "92eb5ffee6ae2fec3ad71c777531578f"

    @Test("new, changed, unchanged and deleted, in key order")
    func basicPlan() throws {
        let local = [
            LocalFile(path: "a.css", size: 1, md5: Self.md5A),  // unchanged
            LocalFile(path: "b.js", size: 1, md5: Self.md5A),  // changed: other MD5
            LocalFile(path: "c.png", size: 2, md5: Self.md5A),  // changed: other size
            LocalFile(path: "index.html", size: 1, md5: Self.md5A),  // new
        ]
        let remote = [
            RemoteObject(key: "site/a.css", size: 1, etag: Self.md5A.uppercased()),
            RemoteObject(key: "site/b.js", size: 1, etag: Self.md5B),
            RemoteObject(key: "site/c.png", size: 1, etag: Self.md5A),
            RemoteObject(key: "site/gone.html", size: 9, etag: Self.md5B),
        ]
        let plan = try PublishPlanner.plan(local: local, remote: remote, prefix: "site/")
        #expect(plan.uploads.map(\.file.path) == ["b.js", "c.png", "index.html"])
        #expect(plan.uploads.map(\.reason) == [.changed, .changed, .new])
        #expect(plan.deletes == [PlannedDelete(key: "site/gone.html", path: "gone.html")])
        #expect(plan.unchangedCount == 1)
        #expect(plan.unchangedBytes == 1)
        #expect(plan.uploadBytes == 4)
    }

    @Test("a multipart ETag is compared by the md5 metadata, and counts as changed without it")
    func multipart() throws {
        let file = LocalFile(path: "big.webp", size: 100, md5: Self.md5A)
        let etag = "d41d8cd98f00b204e9800998ecf8427e-7"
        #expect(
            PublishPlanner.isUnchanged(
                file, RemoteObject(key: "big.webp", size: 100, etag: etag, md5Metadata: Self.md5A)))
        #expect(
            !PublishPlanner.isUnchanged(
                file, RemoteObject(key: "big.webp", size: 100, etag: etag, md5Metadata: Self.md5B)))
        #expect(!PublishPlanner.isUnchanged(file, RemoteObject(key: "big.webp", size: 100, etag: etag)))
        #expect(
            !PublishPlanner.isUnchanged(
                file, RemoteObject(key: "big.webp", size: 99, etag: etag, md5Metadata: Self.md5A)))
        // A multipart ETag whose first part happens to equal the MD5 is still not a match.
        #expect(!PublishPlanner.isUnchanged(file, RemoteObject(key: "big.webp", size: 100, etag: Self.md5A + "-2")))
        // An ETag that is not an MD5 (SSE-KMS, some S3-compatible servers) falls back to the metadata too.
        #expect(!PublishPlanner.isUnchanged(file, RemoteObject(key: "x", size: 100, etag: "abc")))
        #expect(
            PublishPlanner.isUnchanged(file, RemoteObject(key: "x", size: 100, etag: "abc", md5Metadata: Self.md5A)))
    }

    @Test("bookkeeping is never uploaded nor deleted; keys outside the prefix are left alone")
    func bookkeepingAndOutside() throws {
        let local = [
            LocalFile(path: ".scrollery-manifest", size: 1, md5: Self.md5A),
            LocalFile(path: ".scrollery-render-keys", size: 1, md5: Self.md5A),
            LocalFile(path: "index.html", size: 1, md5: Self.md5A),
        ]
        let remote = [
            RemoteObject(key: "gallery-old/index.html", size: 1, etag: Self.md5B),
            RemoteObject(key: "gallery/.scrollery-deploy-state", size: 1, etag: Self.md5B),
            RemoteObject(key: "gallery/index.html", size: 1, etag: Self.md5A),
            RemoteObject(key: "galleryx", size: 1, etag: Self.md5B),
        ]
        let plan = try PublishPlanner.plan(local: local, remote: remote, prefix: "gallery/")
        #expect(plan.uploads.isEmpty)
        #expect(plan.deletes.isEmpty)
        #expect(plan.unchangedCount == 1)
        #expect(plan.skipped.isEmpty)
    }

    @Test("hostile listed keys are skipped with a reason, never deleted")
    func hostileKeys() throws {
        let remote = [
            "g/", "g/../etc/passwd", "g//x", "g/a\u{0}b", "g/a\nb", "g/a/./b", "g/ok.html",
        ].map { RemoteObject(key: $0, size: 1, etag: Self.md5A) }
        let plan = try PublishPlanner.plan(local: [LocalFile](), remote: remote, prefix: "g/")
        #expect(plan.deletes == [PlannedDelete(key: "g/ok.html", path: "ok.html")])
        #expect(plan.skipped.map(\.key) == ["g/", "g/../etc/passwd", "g//x", "g/a\u{0}b", "g/a\nb", "g/a/./b"])
    }

    @Test("UTF-8 byte order, not String order: é (C3 A9) sorts after z, and the plan agrees")
    func byteOrder() throws {
        // Swift orders "e\u{301}" and "é" as equal Strings; S3 orders their bytes.
        #expect(S3Key.precedes("z", "é"))
        #expect(S3Key.precedes("e\u{301}", "é"))
        #expect("e\u{301}" == "é")
        let paths = ["Z", "a", "e\u{301}", "z", "é", "\u{FF61}", "😀"]
        let local = paths.map { LocalFile(path: $0, size: 1, md5: Self.md5A) }
        let remote = paths.map { RemoteObject(key: $0, size: 1, etag: Self.md5A) }
        let plan = try PublishPlanner.plan(local: local, remote: remote, prefix: "")
        #expect(plan.unchangedCount == paths.count)
        #expect(plan.uploads.isEmpty && plan.deletes.isEmpty)
        // Two keys Swift calls equal are two objects to S3: the decomposed one is uploaded, the other deleted.
        let mixed = try PublishPlanner.plan(
            local: [LocalFile(path: "e\u{301}", size: 1, md5: Self.md5A)],
            remote: [RemoteObject(key: "é", size: 1, etag: Self.md5A)], prefix: "")
        #expect(mixed.uploads.map { Array($0.file.path.utf8) } == [Array("e\u{301}".utf8)])
        #expect(mixed.deletes.map { Array($0.key.utf8) } == [Array("é".utf8)])
    }

    @Test("an input out of order or with a repeated key is refused, naming the keys")
    func unsorted() {
        let good = [LocalFile(path: "a", size: 1, md5: Self.md5A)]
        let cases: [([LocalFile], [RemoteObject], String)] = [
            (
                [LocalFile(path: "b", size: 1, md5: Self.md5A), LocalFile(path: "a", size: 1, md5: Self.md5A)], [],
                "output folder"
            ),
            (good + good, [], "repeats"),
            (
                good,
                [RemoteObject(key: "é", size: 1, etag: ""), RemoteObject(key: "z", size: 1, etag: "")],
                "bucket listing"
            ),
            (good, [RemoteObject(key: "a", size: 1, etag: ""), RemoteObject(key: "a", size: 1, etag: "")], "repeats"),
            // Out of order outside the prefix counts too: a listing that reorders cannot be trusted.
            (
                good, [RemoteObject(key: "zz", size: 1, etag: ""), RemoteObject(key: "p/a", size: 1, etag: "")],
                "bucket"
            ),
        ]
        for (local, remote, text) in cases {
            #expect {
                try PublishPlanner.plan(local: local, remote: remote, prefix: "p/")
            } throws: { error in
                "\(error)".contains(text)
            }
        }
    }

    @Test("a local path that cannot be a key is refused")
    func badLocalPath() {
        for path in ["", "/abs", "a//b", "../x", "a\nb"] {
            #expect(throws: PlanError.self) {
                try PublishPlanner.plan(
                    local: [LocalFile(path: path, size: 1, md5: Self.md5A)], remote: [RemoteObject](), prefix: "")
            }
        }
    }

    /// How far each input has been read.
    final class Reads {
        var local = 0
        var remote = 0
    }

    @Test("the merge streams: each decision comes when both inputs have been read only that far")
    func streams() throws {
        let count = 200_000
        func name(_ index: Int) -> String {
            let digits = String(index)
            return String(repeating: "0", count: 7 - digits.count) + digits
        }
        let reads = Reads()
        let local = (0..<count).lazy.map { index in
            reads.local = index + 1
            return LocalFile(path: name(index), size: 1, md5: Self.md5A)
        }
        // Every third object has another size.
        let remote = (0..<count).lazy.map { index in
            reads.remote = index + 1
            return RemoteObject(key: name(index), size: index % 3 == 0 ? 2 : 1, etag: Self.md5A)
        }
        var decisions = 0
        var uploads = 0
        var mostAhead = 0
        try PublishPlanner.merge(local: local, remote: remote, prefix: "") { decision in
            decisions += 1
            mostAhead = max(mostAhead, reads.local - decisions, reads.remote - decisions)
            if case .upload = decision { uploads += 1 }
        }
        #expect(decisions == count)
        #expect(uploads == (count + 2) / 3)
        #expect(mostAhead <= 1)
    }

    @Test("against a dictionary-based reference on random inputs, the bucket's side read at once or awaited")
    func randomAgainstReference() async throws {
        var generator = SeededGenerator(seed: 6)
        for _ in 0..<200 {
            let universe = (0..<40).map { _ in generator.text(from: "ab/é.zZ-", maximumLength: 4) }
            let paths = Set(
                universe.filter { !$0.isEmpty && !$0.hasPrefix("/") && !$0.hasSuffix("/") && !$0.contains("//") }
            )
            .filter { path in !path.split(separator: "/").contains { $0 == "." || $0 == ".." } }
            .sorted(by: S3Key.precedes)
            var local: [LocalFile] = []
            var remote: [RemoteObject] = []
            for path in paths {
                let md5 = Bool.random(using: &generator) ? Self.md5A : Self.md5B
                if Bool.random(using: &generator) { local.append(LocalFile(path: path, size: 1, md5: md5)) }
                if Bool.random(using: &generator) {
                    let etag = Bool.random(using: &generator) ? Self.md5A : Self.md5B
                    remote.append(RemoteObject(key: "p/" + path, size: 1, etag: etag))
                }
            }
            let plan = try PublishPlanner.plan(local: local, remote: remote, prefix: "p/")
            let remoteByPath = Dictionary(uniqueKeysWithValues: remote.map { (String($0.key.dropFirst(2)), $0) })
            let localPaths = Set(local.map(\.path))
            let expectedUploads = local.filter { file in
                remoteByPath[file.path].map { $0.etag != file.md5 } ?? true
            }.map(\.path)
            let expectedDeletes = remote.filter { !localPaths.contains(String($0.key.dropFirst(2))) }.map(\.key)
            #expect(plan.uploads.map(\.file.path) == expectedUploads)
            #expect(plan.deletes.map(\.key) == expectedDeletes)
            #expect(plan.unchangedCount == local.count - expectedUploads.count)
            var awaited = PublishPlan()
            try await PublishPlanner.merge(local: local, remote: AwaitedArray(elements: remote), prefix: "p/") {
                awaited.add($0)
            }
            #expect(awaited == plan)
        }
    }

    static func files(_ paths: [String]) -> [LocalFile] {
        paths.map { LocalFile(path: $0, size: 1, md5: md5A) }
    }

    @Test("the awaited merge checks the order of both sides and plans as the other one does")
    func awaitedMergeAgreesWithTheOther() async throws {
        let local = Self.files(["a.css", "b.js", "index.html", "é"])
        let remote = [
            RemoteObject(key: "site/a.css", size: 1, etag: Self.md5A),
            RemoteObject(key: "site/b.js", size: 1, etag: Self.md5B),
            RemoteObject(key: "site/gone.html", size: 1, etag: Self.md5B),
            RemoteObject(key: "site/x/../y", size: 1, etag: Self.md5B),
            RemoteObject(key: "sitex", size: 1, etag: Self.md5B),
        ]
        var awaited = PublishPlan()
        try await PublishPlanner.merge(local: local, remote: AwaitedArray(elements: remote), prefix: "site/") {
            awaited.add($0)
        }
        #expect(awaited == (try PublishPlanner.plan(local: local, remote: remote, prefix: "site/")))
        #expect(awaited.uploads.count == 3 && awaited.deletes.count == 1 && awaited.skipped.count == 1)

        let good = Self.files(["a"])
        let cases: [([LocalFile], [RemoteObject], String)] = [
            (Self.files(["b", "a"]), [], "output folder"),
            (good + good, [], "repeats"),
            (good, [RemoteObject(key: "é", size: 1, etag: ""), RemoteObject(key: "z", size: 1, etag: "")], "bucket"),
            (good, [RemoteObject(key: "a", size: 1, etag: ""), RemoteObject(key: "a", size: 1, etag: "")], "repeats"),
            (
                good, [RemoteObject(key: "zz", size: 1, etag: ""), RemoteObject(key: "p/a", size: 1, etag: "")],
                "bucket"
            ),
        ]
        for (local, remote, text) in cases {
            await #expect {
                try await PublishPlanner.merge(local: local, remote: AwaitedArray(elements: remote), prefix: "p/") {
                    _ in
                }
            } throws: { error in
                error is PlanError && "\(error)".contains(text)
            }
        }
    }

    @Test("more deletes than the limit: refused with the count and the flag to pass")
    func deleteLimit() throws {
        try DeleteLimit.check(deleteCount: 256)
        try DeleteLimit.check(deleteCount: 0, limit: 0)
        try DeleteLimit.check(deleteCount: 10, limit: 10)
        #expect(throws: DeleteLimitError(deleteCount: 257, limit: 256)) { try DeleteLimit.check(deleteCount: 257) }
        #expect(throws: DeleteLimitError(deleteCount: 1, limit: 0)) { try DeleteLimit.check(deleteCount: 1, limit: -5) }
        let message = DeleteLimitError(deleteCount: 300, limit: 256).description
        #expect(message.contains("300 objects"))
        #expect(message.contains("limit of 256"))
        #expect(message.contains("--max-deletes 300"))
        #expect(message.contains("nothing was written"))
    }
}
