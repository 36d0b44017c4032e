import Foundation
import Testing

@testable import ScrolleryCore

@Suite("Sections by date")
struct SectionKeyTests {
    /// The ISO week of a `YYYY-MM-DD` day as Foundation computes it, in UTC: an independent table.
    private static func foundationWeek(_ text: String) -> (year: Int, week: Int) {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
        let parts = text.split(separator: "-").compactMap { Int($0) }
        let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12))
        let components = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date ?? Date())
        return (components.yearForWeekOfYear ?? 0, components.weekOfYear ?? 0)
    }

    @Test(
        "the ISO week and its year at year boundaries",
        arguments: [
            "2026-11-20", "2026-12-27", "2026-12-28", "2026-12-31", "2027-01-01", "2027-01-03", "2027-01-04",
            "2024-12-29", "2024-12-30", "2024-12-31", "2025-01-01", "2020-12-31", "2021-01-01", "2021-01-03",
            "2021-01-04", "2015-12-31", "2016-01-01", "2016-01-03", "2009-12-31", "2010-01-03", "2010-01-04",
            "2008-12-29", "2004-12-31", "2005-01-02", "1995-06-16", "2000-02-29", "2100-12-31", "1970-01-01",
            "1969-12-29", "2026-01-01", "2026-01-04", "2026-01-05", "2027-12-31", "2028-01-02", "2028-01-03",
        ])
    func isoWeekAtYearBoundaries(_ text: String) throws {
        let day = try #require(CalendarDay(text))
        let ours = SectionKey.isoWeek(of: day)
        let foundation = Self.foundationWeek(text)
        #expect(ours.year == foundation.year && ours.week == foundation.week, "\(text)")
    }

    @Test("every day of 1999 to 2031 is in Foundation's ISO week")
    func isoWeekEveryDay() throws {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let first = CalendarDay.ordinal(year: 1999, month: 1, day: 1)
        let last = CalendarDay.ordinal(year: 2031, month: 12, day: 31)
        var mismatches: [String] = []
        for ordinal in first...last {
            let day = CalendarDay(ordinal: ordinal)
            let date = Date(timeIntervalSince1970: Double(ordinal) * 86_400 + 43_200)
            let expected = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear, .weekday], from: date)
            let ours = SectionKey.isoWeek(of: day)
            // Foundation's weekday: Sunday 1 … Saturday 7; ours: Monday 0 … Sunday 6.
            let weekday = ((expected.weekday ?? 0) + 5) % 7
            if ours.year != expected.yearForWeekOfYear || ours.week != expected.weekOfYear
                || SectionKey.weekday(of: day) != weekday
            {
                mismatches.append(day.description)
            }
        }
        #expect(mismatches.isEmpty)
    }

    @Test("the key and heading of each grouping")
    func headings() {
        let cases: [(String, SectionGrouping, String, String)] = [
            ("2026-11-20", .day, "2026-11-20", "Friday 20 November 2026"),
            ("2026-11-20", .week, "2026-W47", "Week 47, 2026"),
            ("2026-11-20", .month, "2026-11", "November 2026"),
            ("2026-11-20", .year, "2026", "2026"),
            ("2026-12-31", .week, "2026-W53", "Week 53, 2026"),
            ("2027-01-01", .week, "2026-W53", "Week 53, 2026"),
            ("2027-01-04", .week, "2027-W01", "Week 1, 2027"),
            ("2024-12-30", .week, "2025-W01", "Week 1, 2025"),
            ("2024-12-30", .year, "2024", "2024"),
            ("2024-12-30", .month, "2024-12", "December 2024"),
            ("2027-01-03", .day, "2027-01-03", "Sunday 3 January 2027"),
            ("2024-02-29", .day, "2024-02-29", "Thursday 29 February 2024"),
            ("1995-06-16", .day, "1995-06-16", "Friday 16 June 1995"),
            ("2026-01-05", .month, "2026-01", "January 2026"),
        ]
        for (date, grouping, key, heading) in cases {
            #expect(SectionKey.of(date, by: grouping) == SectionKey(key: key, heading: heading), "\(date) \(grouping)")
        }
    }

    @Test("a date-time is the day it names, whatever its offset or the machine's zone")
    func dateTimes() {
        let cases: [(String, String)] = [
            ("2011-01-25T18:44:36Z", "2011-01-25"),
            ("2011-01-25T23:59:59-12:00", "2011-01-25"),
            ("2011-01-25T00:00:00+14:00", "2011-01-25"),
            ("2011-01-25T00:30:00.123+05:30", "2011-01-25"),
            ("2026-12-31T23:59:59-05:00", "2026-12-31"),
            ("2027-01-01T00:00:00+09:00", "2027-01-01"),
            ("2011-01-25 18:44", "2011-01-25"),
            ("  2011-01-25  ", "2011-01-25"),
        ]
        for (text, day) in cases {
            #expect(SectionKey.of(text, by: .day)?.key == day, "\(text)")
        }
        #expect(SectionKey.of("2026-12-31T23:59:59-05:00", by: .year)?.key == "2026")
        #expect(SectionKey.of("2027-01-01T00:00:00+09:00", by: .month)?.heading == "January 2027")
    }

    @Test(
        "an unusable or missing date is Undated",
        arguments: [
            nil, "", "  ", "tomorrow", "2026-13-01", "2026-02-30", "2025-02-29", "26-11-20", "2026/11/20",
            "2026-11-2", "2026-11-20garbage", "2026-11-20T", "2026-11-20Tab:cd", "20261120", "2026-11-20X12:00",
            "<script>", "１２３４-11-20",
        ] as [String?])
    func undated(_ text: String?) {
        for grouping in [SectionGrouping.day, .week, .month, .year] {
            #expect(SectionKey.of(text, by: grouping) == .undated, "\(text ?? "nil") \(grouping)")
        }
    }

    @Test("no sections when the grouping is none")
    func none() {
        #expect(SectionKey.of("2026-11-20", by: .none) == nil)
        #expect(SectionKey.of(nil, by: .none) == nil)
    }
}
