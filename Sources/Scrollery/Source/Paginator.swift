import Foundation
import ScrolleryCore
import ScrolleryIO

/// Knows, for one pagination style, the location of the first source page and of the page after each
/// response, and when to stop.
struct Paginator: Sendable {
    let style: PaginationStyle
    let template: URLTemplate
    let isLocal: Bool
    private var pageNumber: Int
    private var offset: Int
    private var window: (start: CalendarDay, end: CalendarDay)?
    private let until: CalendarDay?

    init(style: PaginationStyle, template: URLTemplate, today: CalendarDay = .today()) {
        self.style = style
        self.template = template
        self.isLocal = Location.isLocal(template.text)
        pageNumber = 0
        offset = 0
        var oldest: CalendarDay?
        switch style {
        case .page(_, let first, _, _): pageNumber = first
        case .offset(_, let first, _, _): offset = first
        case .dates(let windows):
            let newest = windows.from.flatMap(CalendarDay.init) ?? today
            oldest = windows.until.flatMap(CalendarDay.init)
            window = Self.window(ending: newest, days: windows.days, until: oldest)
        default: break
        }
        until = oldest
    }

    /// The first page's location.
    func firstLocation() throws(TemplateRenderError) -> String? {
        switch style {
        case .page(let param, _, let sizeParam, let size):
            return try location([(param, String(pageNumber))], size: (sizeParam, size))
        case .offset(let param, _, let sizeParam, let size):
            return try location([(param, String(offset))], size: (sizeParam, size))
        case .cursor(_, _, let sizeParam, let size), .link(let sizeParam, let size):
            return try location([], size: (sizeParam, size))
        case .since(let param, _, let first, let sizeParam, let size):
            return try location(first.map { [(param, $0)] } ?? [], size: (sizeParam, size))
        case .dates(let windows):
            guard let window else { return nil }
            return try location(
                [(windows.startParam, window.start.description), (windows.endParam, window.end.description)],
                size: (nil, nil))
        }
    }

    /// The next page's location after `page`, or `nil` when the source has ended.
    mutating func nextLocation(after page: SourcePage) throws(TemplateRenderError) -> String? {
        // Entries the source sent, objects or not: one that is left out does not make a page short.
        let count = page.listed
        switch style {
        case .page(let param, _, let sizeParam, let size):
            guard count > 0, count >= (size ?? 1) else { return nil }
            pageNumber += 1
            return try location([(param, String(pageNumber))], size: (sizeParam, size))
        case .offset(let param, _, let sizeParam, let size):
            guard count > 0, count >= (size ?? 1) else { return nil }
            offset += count
            return try location([(param, String(offset))], size: (sizeParam, size))
        case .cursor(let param, let from, let sizeParam, let size):
            guard count > 0, let cursor = from.resolve(in: page.document)?.scalarText, !cursor.isEmpty else {
                return nil
            }
            return try location([(param, cursor)], size: (sizeParam, size))
        case .since(let param, let from, _, let sizeParam, let size):
            guard let last = page.items.last, let value = from.resolve(in: last)?.scalarText, !value.isEmpty else {
                return nil
            }
            return try location([(param, value)], size: (sizeParam, size))
        case .link:
            guard count > 0, let next = Self.linkedNext(of: page), Self.sameOrigin(next, page.location) else {
                return nil
            }
            return next
        case .dates(let windows):
            guard let current = window, count > 0 || until != nil else { return nil }
            window = Self.window(ending: current.start.adding(days: -1), days: windows.days, until: until)
            return try firstLocation()
        }
    }

    /// Items of a page in gallery order: date windows come oldest first and the gallery is newest first.
    func ordered(_ items: [JSONValue]) -> [JSONValue] {
        if case .dates = style { return items.reversed() }
        return items
    }

    /// Whether a failed page ends the source cleanly instead of failing the build: a missing later page,
    /// or a date window the API rejects as out of range.
    func endsCleanly(_ error: FetchError, pagesFetched: Int) -> Bool {
        switch (style, error.kind) {
        case (.dates, .status(400)): return pagesFetched > 0
        case (_, .notFound): return pagesFetched > 0
        default: return false
        }
    }

    /// The `rel="next"` link of a page of a `link` source, absolute, whether or not it is followed.
    static func linkedNext(of page: SourcePage) -> String? {
        LinkHeader.next(in: page.response.headers["link"], relativeTo: page.location)
    }

    /// A `Link` from the server is followed only to the source's own origin (scheme, host and port, a
    /// default port written or not): never to a local file, never to another host, and never from https
    /// to http, which would send the source's headers (tokens included) elsewhere or in clear text.
    static func sameOrigin(_ next: String, _ current: String) -> Bool {
        guard let next = URL(string: next), let current = URL(string: current),
            let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return false }
        return RedirectRule.origin(of: next) == RedirectRule.origin(of: current)
    }

    private static func window(ending end: CalendarDay, days: Int, until: CalendarDay?) -> (CalendarDay, CalendarDay)? {
        if let until, end < until { return nil }
        let start = end.adding(days: -(days - 1))
        return (max(start, until ?? start), end)
    }

    /// Renders the template with the values, and adds as query parameters those it has no placeholder for.
    private func location(
        _ values: [(String, String)], size: (String?, Int?)
    ) throws(TemplateRenderError) -> String {
        var pairs = values
        if let sizeParam = size.0, let size = size.1 { pairs.append((sizeParam, String(size))) }
        var context = TemplateObject()
        for (name, value) in pairs { context[name] = .text(value) }
        var rendered = try template.render(.object(context))
        guard !isLocal else { return rendered }
        let missing = pairs.filter { !template.text.contains("{{\($0.0)}}") }
        guard !missing.isEmpty else { return rendered }
        guard var components = URLComponents(string: rendered) else { return rendered }
        var items = (components.percentEncodedQueryItems ?? []).filter { item in
            !missing.contains { Self.queryEncoded($0.0) == item.name }
        }
        items += missing.map { URLQueryItem(name: Self.queryEncoded($0.0), value: Self.queryEncoded($0.1)) }
        components.percentEncodedQueryItems = items
        rendered = components.string ?? rendered
        return rendered
    }

    /// A query parameter's name or value with everything but RFC 3986's unreserved characters
    /// percent-encoded: a `+` in a cursor (base64) must not reach the server as a space.
    static func queryEncoded(_ text: String) -> String { URIBytes.percentEncoded(text) }
}
