// swift-tools-version:6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Scrollery",
    products: [
        .executable(name: "scrollery", targets: ["ScrolleryCLI"]),
        .executable(name: "http-client-floor", targets: ["HTTPClientFloor"]),
        .library(name: "Scrollery", targets: ["Scrollery"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // The allocator of the `scrollery` program (not of the libraries, tests or fuzzers): glibc's malloc
        // hands memory freed on one thread back to the arena of the thread that allocated it, under that
        // arena's lock, and a build allocates on the threads that read items and frees on those that
        // render them. jemalloc keeps that traffic off the lock (see bench/RESULTS.md).
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        // libvips' variadic calls, made from C with fixed options. libvips is opened with dlopen when the
        // first picture needs it (see scrollery_vips.c), so it is not linked, and the calls and constants it
        // uses are declared in the shim itself (vips_declarations.h, checked against libvips-dev's headers by
        // `make lint`): the shim needs no system's header folders.
        .target(name: "CVipsShim"),
        // How the C library's allocator is set for picture work (glibc's mmap threshold and arenas, trims).
        .target(name: "CAllocatorTuning"),
        .target(name: "CRenameExchange"),
        // The byte scans that run over all of a build's text (JSON strings, HTML escaping, control
        // characters), sixteen bytes at a time with SSE2.
        .target(name: "CByteScan"),
        // The commit a release binary was built from, linked in by `make dist` (scripts/dist).
        .target(name: "CBuildInfo"),
        // The core: pure functions of bytes and text (JSON, templates, Markdown, text, URLs, times, the one
        // digest). Imports nothing of the other layers.
        .target(
            name: "ScrolleryCore",
            dependencies: [
                "CCmark",
                "CByteScan",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // Pictures: an original's bytes in, its variants' bytes out (libvips). Imports the core only.
        .target(
            name: "ScrolleryImaging",
            dependencies: ["ScrolleryCore", "CVipsShim", "CAllocatorTuning"],
            swiftSettings: swiftSettings
        ),
        // Input and output: fetching, the HTTP cache, the output folder and its files. Imports the core.
        .target(
            name: "ScrolleryIO",
            dependencies: [
                "ScrolleryCore",
                "CRenameExchange",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ],
            swiftSettings: swiftSettings
        ),
        // Search: how text becomes terms (folding, words and bigrams), an item's terms, the index built beside
        // the pages (postings, runs, shards, result cards) and its reader. The pipeline hands it each item's
        // card data and terms; it writes the index's files through the output store. Imports core and I/O.
        .target(
            name: "ScrollerySearch",
            dependencies: ["ScrolleryCore", "ScrolleryIO", "CAllocatorTuning"],
            swiftSettings: swiftSettings
        ),
        // The pipeline: config → source → enrich → render → build, and the presets. Imports core, I/O,
        // imaging and search.
        .target(
            name: "Scrollery",
            dependencies: [
                "ScrolleryCore",
                "ScrolleryIO",
                "ScrolleryImaging",
                "ScrollerySearch",
                "CAllocatorTuning",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings,
            plugins: ["EmbedTheme"]
        ),
        // Publishing to S3-compatible hosting: request signing, bucket locations, listings, the upload plan
        // and its order (pure), and the client and deploy that send them (Client/, Deploy/).
        .target(
            name: "ScrolleryPublish",
            dependencies: [
                "ScrolleryCore",
                "ScrolleryIO",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ScrolleryPreview",
            dependencies: [
                "Scrollery",
                "ScrolleryCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "ScrolleryCLI",
            dependencies: [
                "CAllocatorTuning",
                "CBuildInfo",
                "CJemalloc",
                "ScrolleryCore",
                "ScrolleryIO",
                "Scrollery",
                "ScrolleryPreview",
                "ScrolleryPublish",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // bench/cpu.py's floor of the HTTP stack: AsyncHTTPClient alone fetching a list of URLs.
        .executableTarget(
            name: "HTTPClientFloor",
            dependencies: [
                "ScrolleryIO",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "bench/HTTPClientFloor",
            swiftSettings: swiftSettings
        ),
        // The build's own tools: the plugin that embeds templates/, the default theme, into `Scrollery` as
        // `DefaultTheme.files` whenever a file there changes, and the program it runs.
        .executableTarget(
            name: "EmbedThemeTool",
            path: "Plugins/EmbedThemeTool",
            swiftSettings: swiftSettings
        ),
        .plugin(
            name: "EmbedTheme",
            capability: .buildTool(),
            dependencies: ["EmbedThemeTool"]
        ),
        // What the test targets share (a seeded random generator, scratch folders, a virtual clock); never part of
        // the product.
        .target(
            name: "ScrolleryTestSupport",
            dependencies: ["ScrolleryCore"],
            path: "Tests/ScrolleryTestSupport",
            swiftSettings: swiftSettings
        ),
        // The picture tests' reading back of what was written (a pixel's colour); never part of the product.
        .target(name: "CVipsTestShim", path: "Tests/CVipsTestShim"),
        .target(
            name: "ScrolleryImagingTestSupport",
            dependencies: ["ScrolleryImaging", "CVipsTestShim"],
            path: "Tests/ScrolleryImagingTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ScrolleryCoreTests",
            dependencies: ["ScrolleryCore", "CByteScan", "ScrolleryTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ScrolleryIOTests",
            dependencies: ["ScrolleryCore", "ScrolleryIO", "ScrolleryTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ScrolleryPublishTests",
            dependencies: [
                "ScrolleryCore",
                "ScrolleryPublish",
                "ScrolleryTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // What the pipeline, preview and command tests share: fixture sites, real image files, replica API
        // servers on 127.0.0.1, and the real binary run as a child process; never part of the product.
        .target(
            name: "ScrolleryTestSites",
            dependencies: [
                "ScrolleryTestSupport",
                "ScrolleryCore",
                "ScrolleryIO",
                "ScrolleryImaging",
                "Scrollery",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/ScrolleryTestSites",
            // Real image files the picture tests read and the replicas serve (see its README.md).
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        // The pipeline: config, source, enrich, pictures, render, search and builds of fixture sites.
        .testTarget(
            name: "ScrolleryTests",
            dependencies: [
                "ScrolleryTestSupport",
                "ScrolleryTestSites",
                "ScrolleryCore",
                "ScrolleryIO",
                "ScrolleryImaging",
                "ScrollerySearch",
                "Scrollery",
                "ScrolleryPublish",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: swiftSettings
        ),
        // Pictures: originals of every kind through libvips.
        .testTarget(
            name: "ScrolleryImagingTests",
            dependencies: ["ScrolleryTestSites", "ScrolleryImagingTestSupport", "ScrolleryCore", "ScrolleryImaging"],
            swiftSettings: swiftSettings
        ),
        // The preview server and the watcher behind `scrollery serve`.
        .testTarget(
            name: "ScrolleryPreviewTests",
            dependencies: [
                "ScrolleryTestSupport",
                "ScrolleryTestSites",
                "ScrolleryCore",
                "ScrolleryIO",
                "Scrollery",
                "ScrolleryPreview",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The `scrollery` command end to end: the sample site, presets against the replicas, the docs
        // against `--help`.
        .testTarget(
            name: "ScrolleryCLITests",
            dependencies: [
                "ScrolleryTestSupport",
                "ScrolleryTestSites",
                "ScrolleryCore",
                "ScrolleryIO",
                "Scrollery",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
