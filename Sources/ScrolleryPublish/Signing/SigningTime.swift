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
        let (year, month, day) = Self.civil(daysSince1970: days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        timestamp =
            yearText + two(month) + two(day) + "T" + two(seconds / 3600) + two(seconds / 60 % 60) + two(seconds % 60)
            + "Z"
    }

    /// Year, month and day of a day count from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(daysSince1970: Int64) -> (Int64, Int64, Int64) {
        let z = daysSince1970 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
