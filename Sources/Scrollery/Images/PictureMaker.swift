import Foundation
import Logging
import ScrolleryCore
import ScrolleryIO
import ScrolleryImaging

/// The image stage: fetches an item's original once (through the fetch layer and its HTTP cache), and
/// makes its variants, or takes them from the cache when the same bytes were processed with the same
/// settings before. A failure costs the item its picture, never the build.
///
/// A remote original's record (`OriginalRecords`) lets a cache that holds the variants but not the original
/// (a pictures shard's, copied in) serve the picture: offline without a request, online after a 304.
///
/// With a picture store (`images.store`), a picture that is not in the cache is looked for there before its
/// original is fetched or decoded, and one processed here is uploaded to it; the output is the same.
struct PictureMaker: Sendable {
    let settings: ImageConfig
    let fetcher: any Fetcher
    let cache: VariantCache
    let records: OriginalRecords
    /// Only this shard's pictures are made; the others are left out (`scrollery pictures --shard`).
    let shard: PictureShard?
    /// With `--offline`: the fetcher of the originals that are in neither cache (a shard's work that is
    /// missing), which are fetched and processed by this build.
    let missingFetcher: (any Fetcher)?
    /// The picture store the pictures are shared through, if any.
    let shared: SharedPictures?
    let workers: ImageWorkers
    private let held: Permits
    let statistics: PictureStatistics
    let redactor: Redactor
    let logger: Logger

    init(
        settings: ImageConfig, fetcher: any Fetcher, cacheFolder: URL, statistics: PictureStatistics,
        redactor: Redactor, logger: Logger, shard: PictureShard? = nil, missingFetcher: (any Fetcher)? = nil,
        shared: SharedPictures? = nil
    ) {
        self.settings = settings
        self.fetcher = fetcher
        self.cache = VariantCache(cacheFolder: cacheFolder)
        self.records = OriginalRecords(cacheFolder: cacheFolder, settings: settings.variantKey)
        self.shard = shard
        self.missingFetcher = missingFetcher
        self.shared = shared
        if shared != nil { statistics.update { $0.sharing = true } }
        self.workers = ImageWorkers(limit: settings.concurrency)
        self.held = Permits(limit: 2 * workers.limit)
        self.statistics = statistics
        self.redactor = redactor
        self.logger = logger
    }

    /// - Returns: the picture, or `nil` for a local SVG (the site's own file, linked as given) and for
    ///   another shard's picture.
    func picture(for reference: ImageReference) async -> PictureState? {
        if reference.isLocal, reference.original.lowercased().hasSuffix(".svg") { return nil }
        if let shard, !shard.contains(original: reference.original) {
            statistics.update { $0.otherShards += 1 }
            return nil
        }
        // Originals held at once, fetched or being decoded: twice the decoders, so the next ones are read
        // while these are decoded, and memory does not grow with the details fetched in parallel.
        do {
            return try await held.withPermit { await fetchAndMake(reference) }
        } catch {
            let shown = redactor(reference.original)
            return failed(
                Failure(.cancelled, location: shown, message: "\(shown): not fetched, the build was cancelled"))
        }
    }

    private func fetchAndMake(_ reference: ImageReference) async -> PictureState {
        let shown = redactor(reference.original)
        var sharing = Sharing()
        // A remote original processed before, whose variants are all in the cache.
        var recorded = reference.isLocal ? nil : recordedImage(of: reference)
        if recorded == nil, !reference.isLocal, let shared {
            switch await shared.original(
                reference.original, records: records, cache: cache, inCache: { cachedImage($0) != nil })
            {
            case .found(let found):
                sharing.originalInStore = true
                if found.copied { sharing.copiedKey = found.record.key }
                recorded = recordedImage(of: reference)
            case .absent: break
            case .failed: sharing.failed = true
            }
        }
        if let recorded, missingFetcher != nil {
            return reused(recorded.record.key, recorded.image, sharing)
        }
        var request = FetchRequest(reference.original, content: .image(maxBytes: settings.maxBytes))
        if let recorded {
            // The HTTP cache replaces these with its own when it holds the original.
            if let etag = recorded.record.etag {
                request.headers.append(HTTPHeader(name: "If-None-Match", value: etag))
            }
            if let modified = recorded.record.lastModified {
                request.headers.append(HTTPHeader(name: "If-Modified-Since", value: modified))
            }
        }
        let response: FetchResponse
        do {
            response = try await fetchOriginal(request)
        } catch {
            let failure = error.failure
            return failed(failure.with(message: redactor(failure.message)))
        }
        if response.status == 304, let recorded {
            return reused(recorded.record.key, recorded.image, sharing)
        }
        statistics.update { $0.fetched += 1 }
        if let refusal = Self.refusal(of: response) {
            return failed(Failure(.invalidData, location: shown, message: "\(shown): \(refusal)"))
        }
        let body = response.body
        var fingerprint = Fingerprint(build: settings.variantKey)
        fingerprint.add(body)
        let key = fingerprint.finalize().hex
        if let cached = cachedImage(key) {
            let image = await withCamera(cached, key: key, original: body)
            let record = keepRecord(key, of: reference, response: response)
            // The store holds this picture (copied from it by this call) but not the original's record.
            if let shared, key == sharing.copiedKey, !sharing.originalInStore, let record {
                if await !shared.upload(original: record) { sharing.failed = true }
            }
            return reused(key, image, sharing)
        }
        if let shared {
            switch await shared.picture(key, into: cache) {
            case .found(let stored):
                let image = await withCamera(stored, key: key, original: body)
                sharing.copiedKey = key
                if let record = keepRecord(key, of: reference, response: response), !sharing.originalInStore {
                    if await !shared.upload(original: record) { sharing.failed = true }
                }
                return reused(key, image, sharing)
            case .absent: break
            case .failed: sharing.failed = true
            }
        }
        let settings = self.settings
        let result: Result<ProcessedPicture, ImageFailure>
        do {
            result = try await workers.run {
                Result { () throws(ImageFailure) in try ImageProcessor.process(body, settings: settings) }
            }
        } catch {
            return failed(
                Failure(.cancelled, location: shown, message: "\(shown): not processed, the build was cancelled"))
        }
        switch result {
        case .failure(let failure):
            return failed(failure.failure(at: shown))
        case .success(let processed):
            let image = processed.image
            let picture = PublishedPicture(key: key, image: image)
            var files = processed.variants.map { (name: picture.fileName(of: $0.variant), bytes: $0.bytes) }
            if let name = picture.originalFileName, let bytes = processed.original {
                files.append((name: name, bytes: bytes))
            }
            let record: Data
            do {
                record = try Self.encoder.encode(image)
                try cache.store(key, files: files, record: record)
            } catch {
                return failed(
                    Failure(
                        .notKept, location: shown,
                        message: "\(shown): its variants could not be kept in \(cache.folder.path): \(error)",
                        underlying: error))
            }
            statistics.update { $0.processed += 1 }
            let original = keepRecord(key, of: reference, response: response)
            if let shared {
                let uploaded = await shared.upload(key, files: files, record: record, original: original)
                statistics.update {
                    if uploaded { $0.uploaded += 1 } else { $0.notShared += 1 }
                }
            }
            return .published(picture)
        }
    }

    /// `image` with its camera data: read from the original's header (no pixel decoded) and kept in its
    /// record when the record was written before EXIF was read. A header that cannot be read leaves the
    /// camera empty; a record that cannot be rewritten is read again next time.
    private func withCamera(_ image: ProcessedImage, key: String, original: Data) async -> ProcessedImage {
        guard image.camera == nil else { return image }
        let settings = self.settings
        var completed = image
        // Cancelled: left unread, for the next build.
        guard
            let camera = try? await workers.run({
                (try? ImageProcessor.camera(of: original, settings: settings)) ?? CameraData()
            })
        else { return image }
        completed.camera = camera
        if let record = try? Self.encoder.encode(completed) {
            try? cache.store(key, files: [], record: record)
        }
        return completed
    }

    /// The original: from the HTTP cache or the network, or, offline, from the network when the cache has
    /// neither it nor its variants (counted as missing).
    private func fetchOriginal(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        do {
            return try await fetcher.fetch(request)
        } catch let error where error.kind == .offline {
            guard let missingFetcher else { throw error }
            statistics.update { $0.missing += 1 }
            return try await missingFetcher.fetch(request)
        }
    }

    /// Records which picture a remote original became, with its validators, for a later build that has
    /// the variants without the original. A record that cannot be written costs only that shortcut.
    /// - Returns: the record's name and bytes, for the picture store; nil for a local original.
    @discardableResult
    private func keepRecord(
        _ key: String, of reference: ImageReference, response: FetchResponse
    ) -> (name: String, bytes: Data)? {
        guard !reference.isLocal else { return nil }
        let record = OriginalRecords.Record(
            key: key, etag: response.headers["etag"], lastModified: response.headers["last-modified"])
        do {
            try records.keep(record, of: reference.original)
            return (records.name(of: reference.original), try OriginalRecords.encoded(record))
        } catch {
            logger.debug("the record of \(redactor(reference.original)) was not kept: \(error)")
            return nil
        }
    }

    /// A remote original's record, and the picture it names.
    private typealias Recorded = (record: OriginalRecords.Record, image: ProcessedImage)

    /// What one picture's look in the picture store found.
    private struct Sharing {
        /// The store holds the record of the picture's original.
        var originalInStore = false
        /// The key of the picture copied from the store into the cache, if one was.
        var copiedKey: String?
        /// A request to the store failed: the picture is not shared.
        var failed = false
    }

    /// Counts a picture whose variants were in the cache (copied there from the store, or not).
    private func reused(_ key: String, _ image: ProcessedImage, _ sharing: Sharing) -> PictureState {
        statistics.update {
            $0.reused += 1
            if key == sharing.copiedKey { $0.fromStore += 1 }
            if sharing.failed { $0.notShared += 1 }
        }
        return .published(PublishedPicture(key: key, image: image))
    }

    /// The record of a remote original and its picture, when the picture is whole in the cache.
    private func recordedImage(of reference: ImageReference) -> Recorded? {
        records.record(of: reference.original).flatMap { record in
            cachedImage(record.key).map { (record: record, image: $0) }
        }
    }

    private func failed(_ failure: Failure) -> PictureState {
        statistics.update { $0.failed += 1 }
        logger.debug("picture unavailable: \(failure.message)")
        return .failed(failure)
    }

    /// The picture kept under `key`, when its record and every file of it are in the cache.
    private func cachedImage(_ key: String) -> ProcessedImage? {
        var image: ProcessedImage?
        _ = cache.record(key) { data in
            guard let decoded = try? JSONDecoder().decode(ProcessedImage.self, from: data) else { return nil }
            image = decoded
            return PublishedPicture(key: key, image: decoded).fileNames
        }
        return image
    }

    /// Why a response is not taken for a picture before its bytes are looked at: a type that is not an
    /// image's, or an SVG (which can carry scripts, so one from a source is never published).
    static func refusal(of response: FetchResponse) -> String? {
        let type = response.headers["content-type"]?.lowercased().split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if type == "image/svg+xml" || looksLikeSVG(response.body) {
            return "is an SVG image, which can carry scripts, so one from a source is not published. "
                + "Use a raster image, or put the SVG in the site's static/ folder."
        }
        if let type, !type.isEmpty, !type.hasPrefix("image/"), type != "application/octet-stream",
            type != "binary/octet-stream"
        {
            return "was served as `\(type)`, not as an image"
        }
        return nil
    }

    /// Whether the bytes start like an SVG document (after blanks, a BOM, an XML declaration or comments).
    static func looksLikeSVG(_ body: Data) -> Bool {
        let head = body.prefix(1024)
        guard let text = String(data: head, encoding: .utf8) ?? String(data: head, encoding: .isoLatin1) else {
            return false
        }
        return text.lowercased().contains("<svg")
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}
