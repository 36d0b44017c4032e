import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryTestSites

/// `language:` and `sections.labels`: section headings in the site's language, the same words in the page
/// for the script that regroups the feed, and the page's `lang`.
@Suite("Sections in the site's language")
struct SectionLanguageTests {
    let sections = SectionTests()

    @Test(
        "a date format of the locale data becomes a pattern of ours; a field the headings lack refuses it",
        arguments: [
            ("EEEE d MMMM y", "{weekday} {day} {month} {year}"),
            ("EEEE, d. MMMM y", "{weekday}, {day}. {month} {year}"),
            ("LLLL y 'г'.", "{monthAlone} {year} г."),
            ("y年M月d日 EEEE", "{year}年{monthNumber}月{day}日 {weekday}"),
            ("EEEE, 'ngày' d MMMM, y", "{weekday}, ngày {day} {month}, {year}"),
            ("dd/MM/y", "{day2}/{monthNumber2}/{year}"),
            ("d 'de' MMMM 'de' y", "{day} de {month} de {year}"),
            ("h 'o''clock' y", nil),
            ("'o''clock' y", "o'clock {year}"),
            ("'' d", "' {day}"),
            ("'{' y", nil),
            ("e y", nil),
            ("eeee y", "{weekday} {year}"),
            ("G y", nil),
            ("MMMM y {", nil),
            ("'unclosed y", nil),
        ] as [(String, String?)])
    func patterns(format: String, pattern: String?) {
        #expect(SectionLabels.pattern(fromDateFormat: format) == pattern)
    }

    @Test(
        "the headings of a day, a week, a month and a year in several languages",
        arguments: [
            ("en", ["Friday 20 November 2026", "Week 47, 2026", "November 2026", "2026", "Undated"]),
            ("en-GB", ["Friday 20 November 2026", "Week 47, 2026", "November 2026", "2026", "Undated"]),
            ("fr", ["vendredi 20 novembre 2026", "Semaine 47, 2026", "novembre 2026", "2026", "Sans date"]),
            ("de", ["Freitag, 20. November 2026", "Woche 47, 2026", "November 2026", "2026", "Ohne Datum"]),
            // CLDR puts a narrow no-break space before "г.".
            (
                "ru",
                ["пятница, 20 ноября 2026\u{202F}г.", "Неделя 47, 2026", "ноябрь 2026\u{202F}г.", "2026", "Без даты"]
            ),
            ("ja", ["2026年11月20日 金曜日", "2026年 第47週", "2026年11月", "2026年", "日付なし"]),
            // A language without words of its own: its names, the English words.
            ("is", ["föstudagur, 20. nóvember 2026", "Week 47, 2026", "nóvember 2026", "2026", "Undated"]),
            // A language the locale data does not know: English.
            ("qq", ["Friday 20 November 2026", "Week 47, 2026", "November 2026", "2026", "Undated"]),
        ])
    func headings(language: String, expected: [String]) {
        let labels = SectionLabels.of(language: language)
        let headings = [SectionGrouping.day, .week, .month, .year].map {
            SectionKey.of("2026-11-20", by: $0, labels: labels)?.heading
        }
        #expect(headings + [SectionKey.of("soon", by: .month, labels: labels)?.heading] == expected)
    }

    @Test("a week heading takes the ISO week-numbering year, not the calendar year")
    func weekYear() {
        let labels = SectionLabels.of(language: "de")
        #expect(SectionKey.of("2027-01-01", by: .week, labels: labels)?.heading == "Woche 53, 2026")
        #expect(SectionKey.of("2024-12-30", by: .week, labels: labels)?.heading == "Woche 1, 2025")
    }

    @Test("the labels reach the page as JSON that parses back to the same words")
    func labelsAsJSON() throws {
        let labels = SectionLabels.of(language: "ru")
        let value = try Array(labels.json.utf8).withUnsafeBufferPointer { bytes in try JSONParser.parse(bytes) }
        guard case .object(let members) = value, case .array(let months) = members["months"],
            case .array(let alone) = members["monthsAlone"], case .array(let weekdays) = members["weekdays"]
        else {
            Issue.record("not an object with months, monthsAlone and weekdays: \(labels.json)")
            return
        }
        let texts = { (values: [JSONValue]) in values.compactMap { $0.scalarText } }
        #expect(texts(months) == labels.months && texts(alone) == labels.monthsAlone)
        #expect(texts(weekdays).first == "понедельник")
        #expect(
            ["day", "week", "month", "year", "undated"].map { members[$0]?.scalarText }
                == [labels.day, labels.week, labels.month, labels.year, labels.undated])
    }

    @Test("a French site: lang, headings, archive and the script's labels in French; the same bytes twice")
    func frenchSite() async throws {
        let site = try SectionTests.site(extraConfig: "language: fr\n")
        defer { site.remove() }
        try await site.build()
        let first = try site.read("index.html")
        #expect(first.hasPrefix("<!doctype html>\n<html lang=\"fr\" dir=\"ltr\">"))
        #expect(sections.headings(first).map(\.text) == ["novembre 2026", "octobre 2026"])
        #expect(sections.headings(try site.read("page/2/index.html")).map(\.text)[1] == "Sans date")
        #expect(first.contains(#"data-labels="{&quot;day&quot;:&quot;{weekday} {day} {month} {year}&quot;"#))
        #expect(first.contains("&quot;novembre&quot;"))
        #expect(try site.read("sections/index.html").contains(#"<a href="/#item-1">novembre 2026</a>"#))
        #expect(try site.read("items/1/index.html").contains("<html lang=\"fr\" dir=\"ltr\">"))
        let before = try site.snapshot()
        try await site.build(BuildOptions(clean: true))
        #expect(try site.snapshot() == before)
    }

    @Test("sections.labels gives the words a language lacks, over the language's own")
    func labelOverrides() async throws {
        let site = try SectionTests.site(
            by: "week", options: #", labels: { week: "Vika {week} ({year})", undated: "Ódagsett" }"#,
            extraConfig: "language: is\n")
        defer { site.remove() }
        try await site.build()
        #expect(sections.headings(try site.read("index.html")).map(\.text).first == "Vika 47 (2026)")
        #expect(sections.headings(try site.read("page/2/index.html")).map(\.text).contains("Ódagsett"))
    }

    @Test(
        "a bad language or label is refused naming the key",
        arguments: [
            ("language: \"../x\"\n", "language", "`../x`"),
            ("language: \"e\"\n", "language", "`e`"),
            ("language: \"en_GB\"\n", "language", "`en_GB`"),
            ("language: \"fr-\"\n", "language", "`fr-`"),
            ("language: \"zh-Hant-TW-abcdefghi\"\n", "language", "`zh-Hant-TW-abcdefghi`"),
            ("sections: { labels: { week: \"Week\" } }\n", "sections.labels.week", "`{week}`"),
            ("sections: { labels: { undated: \"\" } }\n", "sections.labels.undated", "one line"),
            ("sections: { labels: { undated: \"a\\u0007b\" } }\n", "sections.labels.undated", "one line"),
            ("sections: { labels: { month: \"{month}\" } }\n", "sections.labels.month", ""),
            ("sections: { labels: { week: \"{weekday} {week}\" } }\n", "sections.labels.week", "no other braces"),
            ("sections: { labels: { week: \"Week {week} {constructor}\" } }\n", "sections.labels.week", "`{week}`"),
            ("sections: { labels: { undated: \"{year}\" } }\n", "sections.labels.undated", "without braces"),
        ])
    func badValues(yaml: String, key: String, named: String) throws {
        #expect {
            try sections.parse("title: T\n" + yaml + ThemeLayoutTests.minimalYAML)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.key == key && (named.isEmpty || error.description.contains(named))
        }
    }

    @Test("the machine's time zone plays no part: the same bytes built at UTC+14, UTC−10 and UTC")
    func machineTimeZone() async throws {
        let site = try SectionTests.site(by: "day", extraConfig: "language: de\n")
        defer { site.remove() }
        var snapshots: [[String: Data]] = []
        for zone in ["Pacific/Kiritimati", "Pacific/Honolulu", "UTC"] {
            let output = site.folder.appendingPathComponent("public-\(zone.replacingOccurrences(of: "/", with: "-"))")
            let run = try await ScrolleryCommand.run(
                ["build", site.folder.path, "--output", output.path, "--quiet"],
                environment: ["CI": "true", "TZ": zone])
            #expect(run.status == 0, "\(run.stderr)")
            snapshots.append(try SiteFixture.snapshot(of: output))
        }
        #expect(snapshots[0] == snapshots[2] && snapshots[1] == snapshots[2])
        // 2026-11-03T23:30:00-08:00 is the 3rd wherever the build runs.
        let page = String(decoding: try #require(snapshots[2]["index.html"]), as: UTF8.self)
        #expect(
            sections.headings(page).map(\.text).prefix(2) == [
                "Freitag, 20. November 2026", "Dienstag, 3. November 2026",
            ])
    }

    @Test("a site without language: is English")
    func defaultLanguage() throws {
        let config = try sections.parse(ThemeLayoutTests.minimalYAML)
        #expect(config.language == "en" && config.sections.labels == .english)
        let tagged = try sections.parse("language: pt-BR\nsections: { by: month }\n" + ThemeLayoutTests.minimalYAML)
        #expect(tagged.language == "pt-BR" && tagged.sections.labels.undated == "Sem data")
        // Without sections the locale data is not read at all.
        let off = try sections.parse("language: pt-BR\n" + ThemeLayoutTests.minimalYAML)
        #expect(off.sections.labels == .english)
        // Chinese: traditional characters for zh-Hant and Taiwan, simplified otherwise.
        #expect(SectionLabels.of(language: "zh-Hant").undated == "無日期")
        #expect(SectionLabels.of(language: "zh-TW").week == "{year}年第{week}週")
        #expect(SectionLabels.of(language: "zh-Hans-HK").undated == "无日期")
        #expect(SectionLabels.of(language: "zh").undated == "无日期")
    }
}
