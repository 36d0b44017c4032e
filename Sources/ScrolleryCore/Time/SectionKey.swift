/// How the items of a gallery are grouped into sections by their date (`sections.by` in `scrollery.yml`).
public enum SectionGrouping: String, Sendable, Equatable, CaseIterable {
    /// One section a calendar day: "Friday 20 November 2026".
    case day
    /// One section an ISO 8601 week (Monday to Sunday, week 1 holds the year's first Thursday): "Week 47, 2026".
    case week
    /// One section a calendar month: "November 2026".
    case month
    /// One section a year: "2026".
    case year
    /// No sections.
    case none
}

/// The section an item belongs to: a key that is the same for every item of the section, and the heading
/// a reader sees. Pure: a date is the day it names, never shifted by the build machine's time zone.
package struct SectionKey: Sendable, Equatable, Hashable {
    /// Stable and made only of `0-9`, `A-Z` and `-`: `2026-11-20`, `2026-W47`, `2026-11`, `2026`, `undated`.
    package let key: String
    /// The heading a reader sees, in the site's language (`SectionLabels`); in English "Friday 20 November
    /// 2026", "Week 47, 2026", "November 2026", "2026", "Undated".
    package let heading: String

    /// The section of items without a usable date, in English.
    package static let undated = SectionKey(key: "undated", heading: SectionLabels.english.undated)

    package init(key: String, heading: String) {
        self.key = key
        self.heading = heading
    }

    /// The section of a date's text, or `nil` when `grouping` is `.none`.
    /// - Parameters:
    ///   - date: `YYYY-MM-DD`, optionally followed by a time (`T18:44:36Z`, `T09:00:00+05:30`, ` 18:44`):
    ///     the day it names is taken as written, whatever the offset. Anything else (or nothing) is the
    ///     "Undated" section.
    ///   - labels: the words and patterns of the headings (the site's language); complete labels only.
    package static func of(_ date: String?, by grouping: SectionGrouping, labels: SectionLabels = .english)
        -> SectionKey?
    {
        guard grouping != .none else { return nil }
        guard let date, let day = Self.day(of: date) else {
            return SectionKey(key: undated.key, heading: labels.undated)
        }
        let (year, month, _) = day.parts
        switch grouping {
        case .none:
            return nil
        case .day:
            return SectionKey(key: day.description, heading: labels.heading(labels.day, day: day))
        case .week:
            let week = isoWeek(of: day)
            let number = week.week < 10 ? "0\(week.week)" : "\(week.week)"
            return SectionKey(
                key: "\(pad(week.year))-W\(number)",
                heading: labels.heading(labels.week, day: day, weekYear: week.year, week: week.week))
        case .month:
            let number = month < 10 ? "0\(month)" : "\(month)"
            return SectionKey(key: "\(pad(year))-\(number)", heading: labels.heading(labels.month, day: day))
        case .year:
            return SectionKey(key: pad(year), heading: labels.heading(labels.year, day: day))
        }
    }

    /// The day a date's text names: its first ten characters as `YYYY-MM-DD`, and nothing after them or a
    /// time (`T` or a space, then `HH:`).
    package static func day(of text: String) -> CalendarDay? {
        let trimmed = text.trimmingWhitespace()
        let utf8 = Array(trimmed.utf8)
        guard utf8.count >= 10, let day = CalendarDay(String(decoding: utf8[0..<10], as: UTF8.self)) else {
            return nil
        }
        if utf8.count == 10 { return day }
        let rest = utf8[10...]
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard rest.count >= 4, [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(rest.first),
            isDigit(rest[rest.startIndex + 1]), isDigit(rest[rest.startIndex + 2]),
            rest[rest.startIndex + 3] == UInt8(ascii: ":")
        else { return nil }
        return day
    }

    /// Monday is 0, Sunday 6.
    package static func weekday(of day: CalendarDay) -> Int {
        // 1970-01-01 was a Thursday (3).
        ((day.ordinal + 3) % 7 + 7) % 7
    }

    /// The ISO 8601 week-numbering year and week (1–53) of a day: the week's Thursday decides the year.
    package static func isoWeek(of day: CalendarDay) -> (year: Int, week: Int) {
        let thursday = day.ordinal - weekday(of: day) + 3
        let year = CalendarDay(ordinal: thursday).parts.year
        let firstOfYear = CalendarDay.ordinal(year: year, month: 1, day: 1)
        return (year, (thursday - firstOfYear) / 7 + 1)
    }

    private static func pad(_ year: Int) -> String {
        let text = String(year)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
