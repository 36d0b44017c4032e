import Foundation
import ScrolleryCore
import ScrolleryIO

/// The `source`, `detail` and `fetch` sections: where items come from and how they are requested.
extension ConfigDecoder {
    static let paginationStyles = ["page", "offset", "cursor", "since", "link", "dates"]

    func decodeSource(_ reader: ConfigReader) throws(ConfigError) -> SourceConfig {
        try reader.rejectUnknownKeys(["url", "items", "paginate", "limit", "maxPages", "headers", "order"])
        // The template is checked before ${NAME} is resolved, so an error message never shows a secret.
        let template = try reader.requiredString("url", example: "data/page-{{page}}.json")
        try checkTemplate(template, reader: reader, key: "url")
        let url = try resolved(template, reader, "url")
        let pointerText = try reader.string("items") ?? ""
        guard let items = JSONPointer(pointerText) else {
            throw reader.error(
                "items", "`\(pointerText)` is not a JSON pointer.",
                fix: "Write it as `/items` (the `items` member) or `\"\"` (the response itself is the array).")
        }
        let paginate = try decodePagination(reader.child("paginate"), url: url, source: reader)
        return SourceConfig(
            url: url, items: items, paginate: paginate, limit: try reader.int("limit", in: 1...10_000_000),
            maxPages: try reader.int("maxPages", in: 1...10_000_000) ?? 100_000, headers: try decodeHeaders(reader),
            order: try decodeOrder(reader))
    }

    private func decodeOrder(_ reader: ConfigReader) throws(ConfigError) -> SourceOrder {
        guard let text = try reader.string("order") else { return .forward }
        guard let order = SourceOrder(rawValue: text) else {
            throw reader.error(
                "order", "`\(TerminalText.shown(text))` is not an order of the items.",
                fix: "Write `forward` (as the source sends them, the default) or `reverse` (the last item first).")
        }
        return order
    }

    func decodeDetail(_ reader: ConfigReader) throws(ConfigError) -> DetailConfig {
        try reader.rejectUnknownKeys(["url", "concurrency", "headers"])
        let template = try reader.requiredString("url", example: "data/details/{{id}}.json")
        try checkTemplate(template, reader: reader, key: "url")
        let url = try resolved(template, reader, "url")
        return DetailConfig(
            url: url, concurrency: try reader.int("concurrency", in: 1...64) ?? 8, headers: try decodeHeaders(reader))
    }

    func decodeFetch(_ reader: ConfigReader?, detail: DetailConfig?) throws(ConfigError) -> FetchConfig {
        var settings = FetchConfig()
        guard let reader else { return settings }
        try reader.rejectUnknownKeys(["concurrency", "timeout", "retries", "backoff", "maxWait", "maxBodySize"])
        settings.concurrency = try reader.int("concurrency", in: 1...64) ?? settings.concurrency
        settings.retries = try reader.int("retries", in: 0...20) ?? settings.retries
        settings.timeout = try duration(reader, "timeout") ?? settings.timeout
        settings.backoff = try duration(reader, "backoff") ?? settings.backoff
        settings.maxWait = try duration(reader, "maxWait") ?? settings.maxWait
        if let text = try reader.string("maxBodySize") {
            switch ConfigValues.size(text) {
            case .value(let size) where size >= 1024:
                settings.maxBodySize = size
            case .tooLarge(let largest):
                throw reader.error(
                    "maxBodySize", "`\(text)` is larger than the largest size allowed, \(largest).",
                    fix: "Write a size of at most \(largest), such as `10MB`.")
            case .value, .invalid:
                throw reader.error(
                    "maxBodySize", "`\(text)` is not a size of at least 1KB.",
                    fix: "Write it as `10MB`, `512KB` or bytes.")
            }
        }
        guard settings.timeout > .zero else {
            throw reader.error("timeout", "must be longer than zero.", fix: "Write it as `30s`.")
        }
        return settings
    }

    func decodeCache(_ reader: ConfigReader?) throws(ConfigError) -> CacheConfig {
        try reader?.rejectUnknownKeys(["dir", "ttl", "staleIfError"])
        let folder = URL(fileURLWithPath: try reader?.string("dir") ?? ".scrollery-cache", relativeTo: siteFolder)
        var settings = CacheConfig(folder: folder.standardizedFileURL)
        if let reader, let text = try reader.string("ttl") {
            if text.lowercased() == "forever" {
                settings.ttl = .forever
            } else {
                settings.ttl = .duration(
                    try duration(reader, "ttl", fix: "Write it as `1h`, `30m`, `0` or `forever`.") ?? .zero)
            }
        }
        settings.staleIfError = try reader?.bool("staleIfError") ?? true
        return settings
    }

    private func duration(
        _ reader: ConfigReader, _ key: String, fix: String = "Write it as `30s`, `500ms`, `2m` or `1h`."
    ) throws(ConfigError) -> Duration? {
        guard let text = try reader.string(key) else { return nil }
        switch ConfigValues.duration(text) {
        case .value(let value):
            return value
        case .tooLarge(let largest):
            throw reader.error(
                key, "`\(text)` is longer than the longest duration allowed, \(largest).",
                fix: "Write a duration of at most \(largest).")
        case .invalid:
            throw reader.error(key, "`\(text)` is not a duration.", fix: fix)
        }
    }

    private func decodeHeaders(_ reader: ConfigReader) throws(ConfigError) -> [HTTPHeader] {
        guard let headers = try reader.child("headers") else { return [] }
        var result: [HTTPHeader] = []
        for (keyNode, _) in headers.mapping {
            let name = keyNode.string ?? ""
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) })
            else {
                throw headers.error(name, "is not a valid header name.", fix: "Use letters, digits and dashes.")
            }
            let value = try resolvedWithFlag(
                headers.requiredString(name, example: "\"Bearer ${TOKEN}\""), headers, name)
            // `Authorization: "Bearer ${TOKEN:-}"` is not sent at all when TOKEN is unset.
            guard !value.hasEmptyReference else { continue }
            result.append(HTTPHeader(name: name, value: value.text))
        }
        return result
    }

    /// Resolves `${NAME}` references, or names the missing variable and the fix.
    func resolved(_ text: String, _ reader: ConfigReader, _ key: String) throws(ConfigError) -> String {
        try resolvedWithFlag(text, reader, key).text
    }

    private func resolvedWithFlag(_ text: String, _ reader: ConfigReader, _ key: String) throws(ConfigError)
        -> EnvironmentReferences.Resolved
    {
        switch references.resolve(text) {
        case .success(let value):
            return value
        case .failure(let missing):
            throw reader.error(
                key, "uses the environment variable `\(missing.name)`, which is not set.",
                fix: "Set it (`export \(missing.name)=…`), or give a default: `${\(missing.name):-value}`.")
        }
    }

    private func decodePagination(_ reader: ConfigReader?, url: String, source: ConfigReader) throws(ConfigError)
        -> PaginationStyle
    {
        let style = try reader?.string("style") ?? "page"
        let isLocal = Location.isLocal(url)
        func sizeKeys() throws(ConfigError) -> (String?, Int?) {
            (try reader?.string("sizeParam"), try reader?.int("size", in: 1...100_000))
        }
        func requirePlaceholder(_ name: String) throws(ConfigError) {
            guard isLocal, !url.contains("{{\(name)}}") else { return }
            throw source.error(
                "url", "has no `{{\(name)}}` placeholder, so every page of a local source would be the same file.",
                fix: "Put `{{\(name)}}` where the value goes, e.g. `data/page-{{\(name)}}.json`.")
        }
        func pointer(_ key: String) throws(ConfigError) -> JSONPointer {
            guard let reader else { throw source.missing("paginate", example: "{ style: \(style), \(key): /next }") }
            let text = try reader.requiredString(key, example: "/next")
            guard let pointer = JSONPointer(text) else {
                throw reader.error(key, "`\(text)` is not a JSON pointer.", fix: "Write it as `/next` or `/meta/next`.")
            }
            return pointer
        }
        switch style {
        case "page":
            try reader?.rejectUnknownKeys(["style", "param", "first", "sizeParam", "size"])
            let param = try reader?.string("param") ?? "page"
            try requirePlaceholder(param)
            let (sizeParam, size) = try sizeKeys()
            return .page(
                param: param, first: try reader?.int("first", in: 0...1_000_000) ?? 1, sizeParam: sizeParam, size: size)
        case "offset":
            try reader?.rejectUnknownKeys(["style", "param", "first", "sizeParam", "size"])
            let param = try reader?.string("param") ?? "offset"
            try requirePlaceholder(param)
            let (sizeParam, size) = try sizeKeys()
            return .offset(
                param: param, first: try reader?.int("first", in: 0...100_000_000) ?? 0, sizeParam: sizeParam,
                size: size)
        case "cursor":
            try reader?.rejectUnknownKeys(["style", "param", "from", "sizeParam", "size"])
            let param = try reader?.requiredString("param", example: "cursor") ?? "cursor"
            let from = try pointer("from")
            let (sizeParam, size) = try sizeKeys()
            return .cursor(param: param, from: from, sizeParam: sizeParam, size: size)
        case "since":
            try reader?.rejectUnknownKeys(["style", "param", "from", "first", "sizeParam", "size"])
            let from = try pointer("from")
            let (sizeParam, size) = try sizeKeys()
            return .since(
                param: try reader?.string("param") ?? "since", from: from, first: try reader?.string("first"),
                sizeParam: sizeParam, size: size)
        case "link":
            try reader?.rejectUnknownKeys(["style", "sizeParam", "size"])
            guard !isLocal else {
                throw (reader ?? source).error(
                    "style", "`link` follows HTTP `Link` headers, which local files do not have.",
                    fix: "Use `page` for local files.")
            }
            let (sizeParam, size) = try sizeKeys()
            return .link(sizeParam: sizeParam, size: size)
        case "dates":
            try reader?.rejectUnknownKeys(["style", "startParam", "endParam", "days", "from", "until"])
            let windows = DateWindows(
                startParam: try reader?.string("startParam") ?? "start_date",
                endParam: try reader?.string("endParam") ?? "end_date",
                days: try reader?.int("days", in: 1...3660) ?? 30,
                from: try date(reader, "from"), until: try date(reader, "until"))
            if let from = windows.from, let until = windows.until, until > from {
                throw (reader ?? source).error("until", "is later than `from`.", fix: "Put `until` before `from`.")
            }
            return .dates(windows)
        default:
            throw (reader ?? source).error(
                "style", "`\(style)` is not a pagination style.",
                fix: "Use one of: \(Self.paginationStyles.joined(separator: ", ")).")
        }
    }

    private func date(_ reader: ConfigReader?, _ key: String) throws(ConfigError) -> String? {
        guard let text = try reader?.string(key), text != "today" else { return nil }
        guard CalendarDay(text) != nil else {
            throw reader?.error(key, "`\(text)` is not a date.", fix: "Write it as `YYYY-MM-DD` or `today`.")
                ?? ConfigError(file: file.path, key: key, line: nil, problem: "bad date", fix: "")
        }
        return text
    }
}
