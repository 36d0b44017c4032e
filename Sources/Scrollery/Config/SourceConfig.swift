public import ScrolleryCore
public import ScrolleryIO

/// The paginated list of items.
public struct SourceConfig: Sendable {
    /// The URL or local path of a source page, a template over the pagination variables (`{{page}}`).
    public var url: String
    /// Where the array of items is in each response.
    public var items: JSONPointer
    /// How to go from one source page to the next.
    public var paginate: PaginationStyle
    /// At most this many items in all.
    public var limit: Int?
    /// At most this many source pages: any source ends, however its API behaves.
    public var maxPages = 100_000
    /// Request headers, with `${NAME}` resolved from the environment.
    public var headers: [HTTPHeader]
    /// The order the items are published in.
    public var order: SourceOrder = .forward
}

/// The order a source's items are published in (`source.order`).
public enum SourceOrder: String, Sendable, Equatable {
    /// As the source sends them.
    case forward
    /// The last item first: the whole source is read (and spilled to disk) before the first page is written.
    case reverse
}

/// How a source is paged through, and when it stops.
public enum PaginationStyle: Sendable, Equatable {
    /// Numbered pages from `first` (`?page=N`, or `{{page}}` in the URL); stops at an empty or short page,
    /// or a missing one.
    case page(param: String, first: Int, sizeParam: String?, size: Int?)
    /// Item offsets from `first`, advanced by the items received; stops at an empty or short page.
    case offset(param: String, first: Int, sizeParam: String?, size: Int?)
    /// A cursor taken from each response at `from`; stops when it is null or missing.
    case cursor(param: String, from: JSONPointer, sizeParam: String?, size: Int?)
    /// The value at `from` in the last item of a page (GitHub's `since=LAST_ID`); stops at an empty page.
    case since(param: String, from: JSONPointer, first: String?, sizeParam: String?, size: Int?)
    /// RFC 8288 `Link: <…>; rel="next"` headers; stops when there is none.
    case link(sizeParam: String?, size: Int?)
    /// Date windows of `days` days, newest first, from `from` (today, UTC, when absent) back to `until`.
    case dates(DateWindows)
}

/// The `dates` pagination style's settings.
public struct DateWindows: Sendable, Equatable {
    /// The query parameter of a window's first day.
    public var startParam: String
    /// The query parameter of a window's last day.
    public var endParam: String
    /// Days per window.
    public var days: Int
    /// The newest day, `YYYY-MM-DD`; today (UTC) when absent.
    public var from: String?
    /// The oldest day, `YYYY-MM-DD`; windows are clipped to it.
    public var until: String?
}
