import ScrolleryCore

/// A moment as Signature Version 4 writes it: `20130524T000000Z` for `x-amz-date`, `20130524` for the scope.
package struct SigningTime: Sendable, Equatable {
    /// `YYYYMMDDTHHMMSSZ`, in UTC.
    package let timestamp: String
    /// `YYYYMMDD`, in UTC.
    package var day: Substring { timestamp.prefix(8) }

    /// The moment `secondsSince1970` seconds after 1970-01-01T00:00:00Z (fractions dropped).
    package init(secondsSince1970: Int64) {
        let days = secondsSince1970 >= 0 ? secondsSince1970 / 86_400 : (secondsSince1970 - 86_399) / 86_400
        let seconds = secondsSince1970 - days * 86_400
        let (year, month, day) = CalendarDay(ordinal: Int(days)).parts
        func two(_ value: some BinaryInteger) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        timestamp =
            yearText + two(month) + two(day) + "T" + two(seconds / 3600) + two(seconds / 60 % 60) + two(seconds % 60)
            + "Z"
    }
}
