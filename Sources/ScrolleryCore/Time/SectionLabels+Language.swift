import Foundation

extension SectionLabels {
    /// The labels of a site's language (`language:` in `scrollery.yml`, a BCP 47 tag such as `fr` or
    /// `pt-BR`): months' and weekdays' names and the order of a date's parts from the locale data Foundation
    /// ships (CLDR), the words "Week" and "Undated" from `weekWords` and `undatedWords`. English, and a
    /// language the locale data does not know, get `english`; a language without words of its own keeps the
    /// English words with its own names.
    public static func of(language: String) -> SectionLabels {
        let code = languageCode(of: language)
        guard code != "en", knownLanguages.contains(code) else { return .english }
        let locale = Locale(identifier: language)
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = Calendar(identifier: .gregorian)
        let sundayFirst = formatter.weekdaySymbols
        guard sundayFirst.count == 7 else { return .english }
        func pattern(_ template: String, or fallback: String) -> String {
            DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale)
                .flatMap(Self.pattern(fromDateFormat:)) ?? fallback
        }
        let english = SectionLabels.english
        // Chinese in traditional characters has words of its own.
        let words = code == "zh" && isTraditionalChinese(language) ? "zh-Hant" : code
        let labels = SectionLabels(
            months: formatter.monthSymbols, monthsAlone: formatter.standaloneMonthSymbols,
            weekdays: Array(sundayFirst[1...] + sundayFirst[..<1]),
            day: pattern("yMMMMEEEEd", or: english.day), week: weekWords[words] ?? english.week,
            month: pattern("yMMMM", or: english.month), year: pattern("y", or: english.year),
            undated: undatedWords[words] ?? english.undated)
        return labels.isComplete ? labels : .english
    }

    /// The language of a tag, in lower case: `pt` for `pt-BR`.
    static func languageCode(of tag: String) -> String {
        String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }

    /// Whether a Chinese tag asks for traditional characters: `zh-Hant`, or Taiwan, Hong Kong or Macau.
    static func isTraditionalChinese(_ tag: String) -> Bool {
        let parts = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        return parts.contains("hant")
            || (!parts.contains("hans") && parts.contains { ["tw", "hk", "mo"].contains($0) })
    }

    /// The languages Foundation's locale data has names for.
    private static let knownLanguages: Set<String> = Set(
        Locale.availableIdentifiers.map { languageCode(of: $0) })

    /// A pattern of ours from a date format of the locale data (`EEEE d MMMM y`, `y年M月`, `LLLL y 'г'.`);
    /// `nil` for a format with a field the headings do not have (an era, a quarter) or with braces.
    static func pattern(fromDateFormat format: String) -> String? {
        var result = ""
        let letters = Array(format)
        var index = 0
        while index < letters.count {
            let letter = letters[index]
            var count = 1
            if letter == "'" {
                // Two quotes are one quote; else a literal up to the closing quote, two quotes in it one quote.
                index += 1
                if index < letters.count, letters[index] == "'" {
                    result += "'"
                    index += 1
                    continue
                }
                var closed = false
                while index < letters.count, !closed {
                    if letters[index] == "'" {
                        closed = !(index + 1 < letters.count && letters[index + 1] == "'")
                        if !closed { result += "'" }
                        index += closed ? 1 : 2
                        continue
                    }
                    guard letters[index] != "{", letters[index] != "}" else { return nil }
                    result.append(letters[index])
                    index += 1
                }
                guard closed else { return nil }
                continue
            }
            while index + count < letters.count, letters[index + count] == letter { count += 1 }
            index += count
            guard letter.isASCII, letter.isLetter else {
                guard letter != "{", letter != "}" else { return nil }
                result += String(repeating: String(letter), count: count)
                continue
            }
            switch (letter, count) {
            case ("y", _), ("Y", _), ("u", _): result += "{year}"
            case ("M", 1): result += "{monthNumber}"
            case ("M", 2), ("L", 2): result += "{monthNumber2}"
            case ("L", 1): result += "{monthNumber}"
            case ("M", _): result += "{month}"
            case ("L", _): result += "{monthAlone}"
            case ("d", 1): result += "{day}"
            case ("d", _): result += "{day2}"
            case ("E", _), ("c", 3...), ("e", 3...): result += "{weekday}"
            case ("w", _): result += "{week}"
            default: return nil
            }
        }
        return result
    }

    /// A week's heading, by language.
    static let weekWords: [String: String] = [
        "cs": "Týden {week}, {year}", "da": "Uge {week}, {year}", "de": "Woche {week}, {year}",
        "el": "Εβδομάδα {week}, {year}", "es": "Semana {week}, {year}", "fi": "Viikko {week}, {year}",
        "fr": "Semaine {week}, {year}", "it": "Settimana {week}, {year}", "ja": "{year}年 第{week}週",
        "ko": "{year}년 {week}주", "nb": "Uke {week}, {year}", "nl": "Week {week}, {year}",
        "nn": "Veke {week}, {year}", "pl": "Tydzień {week}, {year}", "pt": "Semana {week}, {year}",
        "ru": "Неделя {week}, {year}", "sv": "Vecka {week}, {year}", "tr": "Hafta {week}, {year}",
        "uk": "Тиждень {week}, {year}", "vi": "Tuần {week}, {year}", "zh": "{year}年第{week}周",
        "zh-Hant": "{year}年第{week}週",
    ]

    /// The heading of undated items, by language.
    static let undatedWords: [String: String] = [
        "cs": "Bez data", "da": "Uden dato", "de": "Ohne Datum", "el": "Χωρίς ημερομηνία", "es": "Sin fecha",
        "fi": "Ei päivämäärää", "fr": "Sans date", "it": "Senza data", "ja": "日付なし", "ko": "날짜 없음",
        "nb": "Uten dato", "nl": "Zonder datum", "nn": "Utan dato", "pl": "Bez daty", "pt": "Sem data",
        "ru": "Без даты", "sv": "Utan datum", "tr": "Tarihsiz", "uk": "Без дати", "vi": "Không có ngày",
        "zh": "无日期", "zh-Hant": "無日期",
    ]
}
