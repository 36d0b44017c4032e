import Foundation

/// The source as an asynchronous sequence of pages of items, fetched one at a time as they are consumed.
struct SourcePages: AsyncSequence, Sendable {
    typealias Element = [JSONValue]

    let config: SourceConfig
    let fetcher: any Fetcher
    let onPage: @Sendable (_ number: Int, _ location: String, _ count: Int) -> Void

    func makeAsyncIterator() -> Iterator {
        Iterator(pages: self, template: try? URLTemplate(config.url))
    }

    struct Iterator: AsyncIteratorProtocol {
        let pages: SourcePages
        let template: URLTemplate?
        var fetchedPages = 0
        var finished = false

        mutating func next() async throws -> [JSONValue]? {
            guard !finished, let template else { return nil }
            switch pages.config.paginate {
            case .page(let first):
                let location = template.render(["page": String(first + fetchedPages)])
                let items: [JSONValue]
                do {
                    items = try await pages.fetchItems(at: location)
                } catch let error as FetchError {
                    guard error.kind == .notFound, fetchedPages > 0 else {
                        throw SourceError(
                            location: location,
                            problem: "could not be fetched (\(error.reason)). Check `source.url` in the config.")
                    }
                    finished = true
                    return nil
                }
                fetchedPages += 1
                pages.onPage(fetchedPages, location, items.count)
                if items.isEmpty { finished = true }
                return items.isEmpty ? nil : items
            }
        }
    }

    /// Fetches one source page and finds its items array.
    func fetchItems(at location: String) async throws -> [JSONValue] {
        let data = try await fetcher.fetch(location)
        let document: JSONValue
        do {
            document = try JSONValue.parse(data)
        } catch {
            throw SourceError(location: location, problem: "is not valid JSON (\(Self.describe(error))).")
        }
        guard let found = config.items.resolve(in: document) else {
            throw SourceError(
                location: location,
                problem: "has nothing at the items pointer `\(config.items)`; check `source.items` in the config.")
        }
        guard case .array(let items) = found else {
            throw SourceError(
                location: location,
                problem:
                    "has no array at `\(config.items)`; check `source.items` (\"\" when the response is the array).")
        }
        return items
    }

    static func describe(_ error: any Error) -> String {
        if let decoding = error as? DecodingError, case .dataCorrupted(let context) = decoding {
            return (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                ?? context.debugDescription
        }
        return "\(error)"
    }
}

/// A source page that could be fetched but not used.
struct SourceError: Error, Sendable, CustomStringConvertible {
    let location: String
    let problem: String
    var description: String { "Source page \(location) \(problem)" }
}
