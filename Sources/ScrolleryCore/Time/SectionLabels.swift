/// The words and patterns section headings are written with, in one language: the build writes its
/// headings with them, and the page hands the same labels to the script that regroups the feed, so both
/// read alike.
///
/// A pattern is text with placeholders in braces: `{year}`, `{month}` (a month's name as in a date),
/// `{monthAlone}` (its name on its own, as some languages inflect it), `{monthNumber}`, `{monthNumber2}`
/// (two digits), `{day}`, `{day2}`, `{weekday}` and `{week}` (the ISO 8601 week). Anything else is kept
/// as written.
public struct SectionLabels: Sendable, Equatable, Hashable {
    /// The twelve months' names as in a date, January first.
    public var months: [String]
    /// The twelve months' names on their own (a month heading), January first.
    public var monthsAlone: [String]
    /// The seven weekdays' names, Monday first.
    public var weekdays: [String]
    /// A day's heading: "{weekday} {day} {month} {year}".
    public var day: String
    /// A week's heading: "Week {week}, {year}".
    public var week: String
    /// A month's heading: "{monthAlone} {year}".
    public var month: String
    /// A year's heading: "{year}".
    public var year: String
    /// The heading of the items without a usable date: "Undated".
    public var undated: String

    public init(
        months: [String], monthsAlone: [String], weekdays: [String], day: String, week: String, month: String,
        year: String, undated: String
    ) {
        self.months = months
        self.monthsAlone = monthsAlone
        self.weekdays = weekdays
        self.day = day
        self.week = week
        self.month = month
        self.year = year
        self.undated = undated
    }

    /// English: "Friday 20 November 2026", "Week 47, 2026", "November 2026", "2026", "Undated".
    public static let english: SectionLabels = {
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return SectionLabels(
            months: months, monthsAlone: months,
            weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
            day: "{weekday} {day} {month} {year}", week: "Week {week}, {year}", month: "{monthAlone} {year}",
            year: "{year}", undated: "Undated")
    }()

    /// The placeholders a pattern may use.
    public static let placeholders: Set<String> = [
        "year", "month", "monthAlone", "monthNumber", "monthNumber2", "day", "day2", "weekday", "week",
    ]

    /// Whether the labels can name every section: twelve months twice, seven weekdays.
    public var isComplete: Bool {
        months.count == 12 && monthsAlone.count == 12 && weekdays.count == 7
    }

    /// The labels as one line of JSON (sorted keys), for the script that regroups the feed.
    public var json: String {
        let strings = { (texts: [String]) in JSONValue.array(texts.map(JSONValue.string)) }
        var bytes: [UInt8] = []
        JSONWriter.write(
            .object([
                "months": strings(months), "monthsAlone": strings(monthsAlone), "weekdays": strings(weekdays),
                "day": .string(day), "week": .string(week), "month": .string(month), "year": .string(year),
                "undated": .string(undated),
            ]), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The heading of a day, week, month or year with these labels.
    /// - Parameters:
    ///   - pattern: one of the patterns (`day`, `week`, `month`, `year`).
    ///   - day: the day named (its week for `{week}`).
    ///   - weekYear: the year `{year}` stands for (the ISO week-numbering year in a week's heading).
    func heading(_ pattern: String, day: CalendarDay, weekYear: Int? = nil, week: Int? = nil) -> String {
        let (year, month, dayOfMonth) = day.parts
        return Placeholders.fill(pattern) { name in
            switch name {
            case "year": String(weekYear ?? year)
            case "month": months[month - 1]
            case "monthAlone": monthsAlone[month - 1]
            case "monthNumber": String(month)
            case "monthNumber2": Self.twoDigits(month)
            case "day": String(dayOfMonth)
            case "day2": Self.twoDigits(dayOfMonth)
            case "weekday": weekdays[SectionKey.weekday(of: day)]
            case "week": week.map(String.init)
            default: nil
            }
        }
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : String(number)
    }
}
