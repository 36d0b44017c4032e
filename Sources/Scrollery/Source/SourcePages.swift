import Foundation
import ScrolleryCore
import ScrolleryIO

/// One fetched page of the source.
struct SourcePage: Sendable {
    let number: Int
    let location: String
    let response: FetchResponse
    let document: JSONValue
    /// The page's items that are JSON objects.
    let items: [JSONValue]
    /// How many entries the page's array had, objects or not.
    let listed: Int
}

/// The source as an asynchronous sequence of pages of items. While the consumer works on one page
/// (fetching its items' details), the next page is already being fetched.
struct SourcePages: AsyncSequence, Sendable {
    typealias Element = [JSONValue]

    let config: SourceConfig
    let fetcher: any Fetcher
    let redactor: Redactor
    /// No page is fetched once this many items have come.
    let limit: Int?
    let today: CalendarDay
    /// Told what the source sent that was left out, and why the source ended early.
    let onWarning: @Sendable (String) -> Void
    let onPage: @Sendable (_ number: Int, _ location: String, _ count: Int) -> Void

    init(
        config: SourceConfig, fetcher: any Fetcher, redactor: Redactor = Redactor(), limit: Int? = nil,
        today: CalendarDay = .today(), onWarning: @escaping @Sendable (String) -> Void = { _ in },
        onPage: @escaping @Sendable (Int, String, Int) -> Void = { _, _, _ in }
    ) {
        self.config = config
        self.fetcher = fetcher
        self.redactor = redactor
        self.limit = limit
        self.today = today
        self.onWarning = onWarning
        self.onPage = onPage
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(
            pages: self,
            paginator: (try? URLTemplate(config.url, name: "source.url")).map {
                Paginator(style: config.paginate, template: $0, today: today)
            })
    }

    struct Iterator: AsyncIteratorProtocol {
        let pages: SourcePages
        var paginator: Paginator?
        var prefetch: Task<SourcePage?, any Error>?
        /// Locations already fetched: a server that sends the same cursor or link again ends the source.
        var visited: Set<String> = []
        var fetched = 0
        var itemsSeen = 0
        var finished = false
        /// The last page's items: an API that ignores the page parameter sends them again, forever.
        var previousItems: [JSONValue] = []

        init(pages: SourcePages, paginator: Paginator?) {
            self.pages = pages
            self.paginator = paginator
        }

        mutating func next() async throws -> [JSONValue]? {
            guard !finished, var paginator else { return nil }
            let task = try prefetch ?? paginator.firstLocation().map { start($0, number: 1, paginator: paginator) }
            prefetch = nil
            // The page fetched ahead is a task of its own: cancelling the build cancels it too.
            let result = try await withTaskCancellationHandler {
                try await task?.value
            } onCancel: {
                task?.cancel()
            }
            guard let page = result else {
                finished = true
                return nil
            }
            fetched = page.number
            visited.insert(page.location)
            let shown = pages.redactor(page.location)
            if !page.items.isEmpty, page.items == previousItems {
                pages.onWarning(
                    "source page \(page.number) (\(shown)) has the same items as the page before: the API seems to "
                        + "ignore the page parameter, so the source ends here. Check `source.paginate`.")
                finished = true
                return nil
            }
            previousItems = page.items
            itemsSeen += page.items.count
            pages.onPage(page.number, shown, page.items.count)
            let reachedLimit = pages.limit.map { itemsSeen >= $0 } ?? false
            let reachedMaxPages = page.number >= pages.config.maxPages
            if reachedMaxPages {
                pages.onWarning(
                    "the source ends after \(page.number) pages: source.maxPages is \(pages.config.maxPages). "
                        + "Raise it if the source really has more.")
            }
            if !reachedLimit, !reachedMaxPages, let location = try paginator.nextLocation(after: page),
                !visited.contains(location)
            {
                prefetch = start(location, number: page.number + 1, paginator: paginator)
            } else {
                finished = true
                // Said only when the link is what ended the source (not the limit, nor an empty page).
                if case .link = paginator.style, !reachedLimit, !reachedMaxPages, page.listed > 0,
                    let next = Paginator.linkedNext(of: page), !Paginator.sameOrigin(next, page.location)
                {
                    pages.onWarning(
                        "source page \(page.number) (\(shown)) links its next page to \(pages.redactor(next)), "
                            + "which is not the source's own scheme, host and port: it is not followed (the source's "
                            + "headers would go there), so the source ends here. Point `source.url` at that origin "
                            + "if it is the API's.")
                }
            }
            self.paginator = paginator
            // An empty page ends the source, except an empty date window before `until`.
            if page.items.isEmpty && finished { return nil }
            return paginator.ordered(page.items)
        }

        private func start(_ location: String, number: Int, paginator: Paginator) -> Task<SourcePage?, any Error> {
            let pages = self.pages
            return Task { try await pages.fetchPage(location, number: number, paginator: paginator) }
        }
    }

    /// Fetches one source page and finds its items; `nil` when the source ends cleanly here.
    func fetchPage(_ location: String, number: Int, paginator: Paginator) async throws -> SourcePage? {
        let shown = redactor(location)
        let response: FetchResponse
        do {
            response = try await fetcher.fetch(FetchRequest(location, headers: config.headers))
        } catch {
            if paginator.endsCleanly(error, pagesFetched: number - 1) { return nil }
            if error.kind == .cancelled { throw CancellationError() }
            throw SourceError(
                location: shown,
                problem: "could not be fetched: \(redactor(error.reason))."
                    + (Self.hint(error).isEmpty ? "" : " \(Self.hint(error))"))
        }
        let document = try JSONDocument.decode(response, shownAs: shown)
        guard let found = config.items.resolve(in: document) else {
            throw SourceError(
                location: shown,
                problem: "has nothing at the items pointer `\(config.items)`; check `source.items` in the config.")
        }
        guard case .array(let items) = found else {
            throw SourceError(
                location: shown,
                problem:
                    "has no array at `\(config.items)`; check `source.items` (\"\" when the response is the array).")
        }
        return SourcePage(
            number: number, location: location, response: response, document: document,
            items: objects(in: items, page: number, shownAs: shown), listed: items.count)
    }

    /// The items that are JSON objects; each other one is left out with a warning that says where it was.
    private func objects(in items: [JSONValue], page: Int, shownAs shown: String) -> [JSONValue] {
        guard items.contains(where: { if case .object = $0 { false } else { true } }) else { return items }
        var kept: [JSONValue] = []
        for (index, item) in items.enumerated() {
            guard case .object = item else {
                onWarning(
                    "source page \(page) (\(shown)), item \(index + 1) at `\(config.items)`: "
                        + "\(Self.kind(of: item)), not an object, so it is left out.")
                continue
            }
            kept.append(item)
        }
        return kept
    }

    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a text"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    private static func hint(_ error: FetchError) -> String {
        switch error.kind {
        case .notFound, .unsupported: return "Check `source.url` in the config."
        case .rateLimited, .offline: return ""
        case .timeout, .connection: return "Check the network and the server, or raise fetch.timeout / fetch.retries."
        default: return "Check `source.url` and `source.headers` in the config."
        }
    }
}

/// A source page that could not be fetched or used.
struct SourceError: ScrolleryError, Sendable {
    let location: String
    let problem: String
    var description: String { "Source page \(location) \(problem)" }
}

extension SourceError {
    /// The source page's location.
    var place: String { location }
}
