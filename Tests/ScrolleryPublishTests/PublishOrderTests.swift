import Testing

@testable import ScrolleryPublish

/// Headers from the path and the user's rules, and the order a plan is published in.
@Suite("Upload headers and publishing order")
struct PublishOrderTests {
    @Test(
        "Content-Type from the extension, charset on text",
        arguments: [
            ("index.html", "text/html; charset=utf-8"), ("a/b.HTM", "text/html; charset=utf-8"),
            ("assets/scrollery.3f9a2c1d.css", "text/css; charset=utf-8"),
            ("assets/app.js", "text/javascript; charset=utf-8"), ("m.mjs", "text/javascript; charset=utf-8"),
            ("data.json", "application/json; charset=utf-8"), ("app.js.map", "application/json; charset=utf-8"),
            ("feed.xml", "application/xml; charset=utf-8"), ("robots.txt", "text/plain; charset=utf-8"),
            ("i.svg", "image/svg+xml"), ("p.webp", "image/webp"), ("p.JPG", "image/jpeg"), ("p.jpeg", "image/jpeg"),
            ("p.png", "image/png"), ("p.gif", "image/gif"), ("p.avif", "image/avif"), ("favicon.ico", "image/x-icon"),
            ("f.woff2", "font/woff2"), ("f.woff", "font/woff"), ("site.webmanifest", "application/manifest+json"),
            ("book.pdf", "application/pdf"), ("clip.mp4", "video/mp4"), ("clip.webm", "video/webm"),
            ("song.mp3", "audio/mpeg"), ("app.wasm", "application/wasm"), ("archive.zip", "application/zip"),
            ("archive.tar", "application/octet-stream"), ("README", "application/octet-stream"),
            (".htaccess", "application/octet-stream"), ("dir.html/file", "application/octet-stream"),
        ])
    func contentType(path: String, expected: String) {
        #expect(ContentType.of(path: path) == expected)
    }

    @Test(
        "a content fingerprint in the file name makes it immutable",
        arguments: [
            ("assets/scrollery.3f9a2c1d.js", true), ("images/photo-0123abcd89ef-640.webp", true),
            ("images/0123abcd89ef0123-1280.jpg", true), ("a/DEADBEEF.css", true), ("x.3f9a2c1.js", false),
            ("IMG-20240101-WA0001.jpg", false), ("12345678.png", false), ("index.html", false),
            ("3f9a2c1d3f/index.html", false), ("a_3f9a2c1d.js", false), ("cafebabeg.js", false),
        ])
    func fingerprint(path: String, immutable: Bool) {
        #expect(CacheControl.of(path: path) == (immutable ? CacheControl.immutable : CacheControl.revalidate))
    }

    @Test("user rules come first, first match wins, defaults fill in")
    func rules() {
        let rules = [
            HeaderRule(match: PathGlob("downloads/**"), cacheControl: "public, max-age=86400"),
            HeaderRule(match: PathGlob("**/*.pdf"), cacheControl: "no-store", contentType: "application/pdf"),
            HeaderRule(match: PathGlob("*.html"), cacheControl: "public, max-age=60"),
        ]
        #expect(
            UploadHeaders(path: "downloads/a/b.pdf", rules: rules)
                == UploadHeaders(path: "downloads/a/b.pdf", rules: [rules[0]]))
        #expect(UploadHeaders(path: "downloads/a/b.pdf", rules: rules).cacheControl == "public, max-age=86400")
        #expect(UploadHeaders(path: "downloads/a/b.pdf", rules: rules).contentType == "application/pdf")
        #expect(UploadHeaders(path: "docs/x.pdf", rules: rules).contentType == "application/pdf")
        #expect(UploadHeaders(path: "x.pdf", rules: rules).cacheControl == "no-store")
        #expect(UploadHeaders(path: "index.html", rules: rules).cacheControl == "public, max-age=60")
        #expect(UploadHeaders(path: "items/a/index.html", rules: rules).cacheControl == CacheControl.revalidate)
        #expect(UploadHeaders(path: "items/a/index.html", rules: rules).contentType == "text/html; charset=utf-8")
    }

    @Test(
        "globs: * stays in a segment, ** crosses them, **/ may match no folder",
        arguments: [
            ("downloads/**", "downloads/a", true), ("downloads/**", "downloads/a/b/c", true),
            ("downloads/**", "downloads", false), ("downloads/**", "downloadsx/a", false),
            ("*.html", "index.html", true), ("*.html", "a/index.html", false), ("**/*.html", "index.html", true),
            ("**/*.html", "a/b/index.html", true), ("**/*.html", "a/b/index.htm", false),
            ("a/*/c", "a/b/c", true), ("a/*/c", "a/b/x/c", false), ("a/**/c", "a/c", true),
            ("a/**/c", "a/b/x/c", true), ("a**", "ab/c", true), ("*", "", true), ("", "", true), ("", "a", false),
            ("images/*-640.*", "images/k-640.webp", true), ("images/*-640.*", "images/k-1280.webp", false),
            ("**", "anything/at/all", true), ("a/***", "a/b/c", true), ("**/**/x", "x", true),
            ("a*b*c*d*e*f*g", "aXbXcXdXeXfXg", true),
            ("a*a*a*a*a*a*a*a*b", String(repeating: "a", count: 200), false),
        ])
    func glob(pattern: String, path: String, matches: Bool) {
        #expect(PathGlob(pattern).matches(path) == matches)
    }

    static func upload(_ path: String) -> PlannedUpload {
        PlannedUpload(file: LocalFile(path: path, size: 1, md5: ""), reason: .new)
    }

    static func changed(_ path: String) -> PlannedUpload {
        PlannedUpload(file: LocalFile(path: path, size: 1, md5: ""), reason: .changed)
    }

    @Test("pictures and assets, item pages, listing pages last to first, other pages, entry points, deletes")
    func order() {
        var plan = PublishPlan()
        plan.uploads = [
            "404.html", "assets/scrollery.3f9a2c1d.js", "favorites/index.html", "feed.xml",
            "images/0123abcd89ef0123-640.webp", "index.html", "items/b/index.html", "items/é/index.html",
            "page/10/index.html", "page/2/index.html", "page/9/index.html", "robots.txt", "sections/index.html",
            "sitemap-1.xml", "sitemap-2.xml", "sitemap.xml", "static.txt",
        ].map(Self.upload)
        plan.deletes = [PlannedDelete(key: "p/old.html", path: "old.html")]
        let steps = PublishOrder.steps(of: plan)
        let expected: [PublishStep] = [
            .upload(
                .assets, .new,
                ["assets/scrollery.3f9a2c1d.js", "images/0123abcd89ef0123-640.webp", "static.txt"].map(Self.upload)),
            .upload(.itemPages, .new, ["items/b/index.html", "items/é/index.html"].map(Self.upload)),
            .upload(
                .listingPages, .new, ["page/10/index.html", "page/9/index.html", "page/2/index.html"].map(Self.upload)),
            .upload(.otherPages, .new, ["404.html", "favorites/index.html", "sections/index.html"].map(Self.upload)),
            .upload(
                .entryPoints, .new,
                ["feed.xml", "index.html", "robots.txt", "sitemap-1.xml", "sitemap-2.xml", "sitemap.xml"].map(
                    Self.upload)),
            .delete([PlannedDelete(key: "p/old.html", path: "old.html")]),
        ]
        #expect(steps == expected)
    }

    @Test("empty groups are left out; a plan with nothing to do has no steps")
    func emptySteps() {
        #expect(PublishOrder.steps(of: PublishPlan()).isEmpty)
        var plan = PublishPlan()
        plan.uploads = [Self.upload("index.html")]
        #expect(PublishOrder.steps(of: plan) == [.upload(.entryPoints, .new, [Self.upload("index.html")])])
    }

    @Test("new files go before changed ones: a changed page or index never names one not there yet")
    func newBeforeChanged() {
        var plan = PublishPlan()
        // Item 49 is new and item 48 now links to it; the search index names a new shard; the listing pages
        // gain a search form whose page is new.
        plan.uploads = [
            Self.changed("index.html"), Self.changed("items/48/index.html"), Self.upload("items/49/index.html"),
            Self.changed("page/4/index.html"), Self.upload("page/5/index.html"), Self.changed("search/index.json"),
            Self.upload("search/index.html"), Self.upload("search/index/t-0a1b2c3d.json"),
        ]
        let expected: [PublishStep] = [
            .upload(.assets, .new, [Self.upload("search/index/t-0a1b2c3d.json")]),
            .upload(.assets, .changed, [Self.changed("search/index.json")]),
            .upload(.itemPages, .new, [Self.upload("items/49/index.html")]),
            .upload(.listingPages, .new, [Self.upload("page/5/index.html")]),
            .upload(.otherPages, .new, [Self.upload("search/index.html")]),
            .upload(.itemPages, .changed, [Self.changed("items/48/index.html")]),
            .upload(.listingPages, .changed, [Self.changed("page/4/index.html")]),
            .upload(.entryPoints, .changed, [Self.changed("index.html")]),
        ]
        #expect(PublishOrder.steps(of: plan) == expected)
    }

    @Test(
        "the group of a path follows SitePaths' layout",
        arguments: [
            ("page/3/index.html", PublishGroup.listingPages), ("page/x/index.html", .otherPages),
            ("page/3/other.html", .otherPages), ("page/3/index.html/x", .assets), ("items/a/index.html", .itemPages),
            ("items/a/photo.jpg", .assets), ("a/index.html", .otherPages), ("sitemap-x.xml", .assets),
            ("a/sitemap.xml", .assets), ("a/index.html", .otherPages), ("sitemap-12.xml", .entryPoints),
        ])
    func groups(path: String, group: PublishGroup) {
        #expect(PublishGroup(path: path) == group)
    }
}
