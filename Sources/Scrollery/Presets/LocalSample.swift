import ScrolleryCore

/// The `local` preset: a small offline gallery (48 items in 4 source pages of local JSON, a Markdown
/// detail per item, an SVG image per item), made the same way every time.
enum LocalSample {
    static let itemCount = 48
    static let perSourcePage = 12

    static func files() -> [String: String] {
        var files: [String: String] = ["scrollery.yml": config]
        let pages = stride(from: 0, to: itemCount, by: perSourcePage).map { start in
            (start..<min(start + perSourcePage, itemCount)).map { $0 + 1 }
        }
        for (index, ids) in pages.enumerated() {
            let items = ids.map { id in
                let (width, height) = size(id)
                return
                    #"    {"id": "\#(id)", "title": "\#(title(id))", "width": \#(width), "height": \#(height), "date": "\#(date(id))"}"#
            }
            files["data/page-\(index + 1).json"] = "{\n  \"items\": [\n" + items.joined(separator: ",\n") + "\n  ]\n}\n"
        }
        for id in 1...itemCount {
            files["data/details/\(id).json"] = #"{"description": "\#(description(id))"}"# + "\n"
            files["static/images/\(id).svg"] = svg(id)
        }
        return files
    }

    static let config = """
        # A local gallery: JSON pages in data/, a detail file per item, images in static/.
        title: My Gallery
        description: A gallery built by Scrollery from local JSON files.
        baseURL: /
        output: public
        pageSize: 12
        source:
          url: data/page-{{page}}.json
          items: /items
          paginate: { style: page, first: 1 }
        detail:
          url: data/details/{{id}}.json
          concurrency: 8
        item:
          id: "{{id}}"
          title: "{{title}}"
          image: "images/{{id}}.svg"
          width: "{{width}}"
          height: "{{height}}"
          description: "{{detail.description}}"
          date: "{{date}}"

        """

    private static let subjects = ["Harbour", "Ridge", "Orchard", "Lighthouse", "Dune", "Market", "Bridge", "Forest"]
    private static let moods = ["at dawn", "in the rain", "at noon", "in fog", "at dusk", "under snow"]

    private static func title(_ id: Int) -> String {
        "\(subjects[id % subjects.count]) \(moods[id % moods.count]) #\(id)"
    }

    private static func size(_ id: Int) -> (Int, Int) {
        [(1200, 800), (800, 1200), (1000, 1000), (1600, 900)][id % 4]
    }

    private static func date(_ id: Int) -> String {
        let day = CalendarDay(ordinal: 20_000 - id * 3)
        return day.description
    }

    private static func description(_ id: Int) -> String {
        let subject = subjects[id % subjects.count].lowercased()
        return "## The \(subject)\\n\\nTaken \(moods[id % moods.count]) with a *\(35 + id % 4 * 15)mm* lens."
            + "\\n\\n- frame \(id)\\n- edit your captions in `data/details/\(id).json`"
    }

    private static func svg(_ id: Int) -> String {
        let (width, height) = size(id)
        let hue = id * 47 % 360
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">\
            <rect width="100%" height="100%" fill="hsl(\(hue),55%,62%)"/>\
            <circle cx="\(width / 2)" cy="\(height / 2)" r="\(min(width, height) / 4)" fill="hsl(\((hue + 180) % 360),60%,85%)"/>\
            </svg>

            """
    }
}
