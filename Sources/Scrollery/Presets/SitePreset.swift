public import Foundation
public import ScrolleryCore
import ScrolleryIO

/// The starting points of `scrollery init`: a working `scrollery.yml` for each API Scrollery targets,
/// and an offline sample.
public enum SitePreset: String, CaseIterable, Sendable {
    /// Lorem Picsum: the list API and one `/id/{id}/info` request per photo.
    case picsum
    /// GitHub users: `Link` pagination and one `/users/{login}` request per user for the bio.
    case github
    /// NASA APOD: 30-day windows, newest first; videos played from their thumbnail.
    case apod
    /// A small gallery of local JSON files: builds offline.
    case local

    /// The API's address that the config points at; `init --api-url` replaces it (a mirror, a proxy, a test).
    public var defaultAPIURL: String? {
        switch self {
        case .picsum: return "https://picsum.photos"
        case .github: return "https://api.github.com"
        case .apod: return "https://api.nasa.gov"
        case .local: return nil
        }
    }

    /// The files of a new site folder, by relative path.
    /// - Parameter apiURL: the API's address, without a trailing slash; the preset's default when `nil`.
    /// - Returns: file contents by path.
    public func files(apiURL: String? = nil) -> [String: String] {
        var api = apiURL ?? defaultAPIURL ?? ""
        while api.hasSuffix("/") { api.removeLast() }
        switch self {
        case .picsum: return ["scrollery.yml": Self.picsum(api)]
        case .github: return ["scrollery.yml": Self.github(api)]
        case .apod: return ["scrollery.yml": Self.apod(api)]
        case .local: return LocalSample.files()
        }
    }

    /// Whether `text` is an absolute http(s) URL that can stand inside a quoted YAML value as it is: no
    /// white space, quotes, backslashes or control characters, so it can add no key of its own.
    static func isAPIURL(_ text: String) -> Bool {
        guard
            !text.unicodeScalars.contains(where: {
                $0.value <= 0x20 || $0.value >= 0x7F || "\"'\\`<>{}$".unicodeScalars.contains($0)
            }),
            let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty, url.query == nil,
            url.fragment == nil
        else { return false }
        return true
    }

    /// Writes the preset into `folder`, which must not hold a `scrollery.yml` yet.
    /// - Parameters:
    ///   - folder: the new site folder; created if missing.
    ///   - apiURL: the API's address; the preset's default when `nil`.
    /// - Returns: the paths written, relative to the folder.
    public func write(to folder: URL, apiURL: String? = nil) throws -> [String] {
        let config = folder.appendingPathComponent(SiteConfig.fileName)
        guard !FileManager.default.fileExists(atPath: config.path) else {
            throw PresetError(description: "\(config.path) already exists; choose an empty folder for the new site.")
        }
        if let apiURL, !Self.isAPIURL(apiURL) {
            throw PresetError(
                description: "--api-url `\(apiURL.prefix(200))` is not an absolute http(s) URL; write it as "
                    + "`https://host[:port][/path]`, without spaces, quotes or control characters.")
        }
        let files = files(apiURL: apiURL)
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return files.keys.sorted()
    }

    private static func picsum(_ api: String) -> String {
        """
        # Lorem Picsum: pages of the photo list, then each photo's details.
        title: Lorem Picsum
        description: Photos from Lorem Picsum, paged from its list API.
        baseURL: /
        output: public
        pageSize: 24
        source:
          url: "\(api)/v2/list"
          items: ""                 # the response is the array
          paginate: { style: page, param: page, first: 1, sizeParam: limit, size: 100 }
          limit: 300
        detail:
          url: "\(api)/id/{{id}}/info"
          concurrency: 8
        item:
          id: "{{id}}"
          title: "{{author}}"
          image: "{{download_url}}"  # the original: Scrollery makes its own sizes (images: below)
          alt: "Photo {{id}} by {{author}}"
          description: "Photo by **{{detail.author}}**, {{detail.width}} × {{detail.height}} pixels."
          link: "{{url}}"
          fields:                    # shown on each photo's page, in this order
            photographer: "{{author}}"
            size: "{{detail.width}} × {{detail.height}} pixels"
            original: "{{url}}"
        fetch:
          concurrency: 8
          retries: 3
        images:
          widths: [320, 640, 1280]
          formats: [webp, jpeg]
          maxBytes: 40MB            # Picsum's originals are JPEGs of up to 5000 px and several MB

        """
    }

    private static func github(_ api: String) -> String {
        """
        # GitHub users: Link pagination, then each user's profile for the bio.
        # Without GITHUB_TOKEN the API allows 60 requests an hour; with it, 5,000.
        title: GitHub Users
        description: The first users of GitHub, with their bios.
        baseURL: /
        output: public
        pageSize: 24
        source:
          url: "\(api)/users"
          items: ""
          paginate: { style: link, sizeParam: per_page, size: 100 }
          limit: 50
          headers:
            Accept: application/vnd.github+json
            X-GitHub-Api-Version: "2022-11-28"
            Authorization: "Bearer ${GITHUB_TOKEN:-}"   # not sent when GITHUB_TOKEN is unset
        detail:
          url: "\(api)/users/{{login}}"
          concurrency: 8
          headers:
            Accept: application/vnd.github+json
            X-GitHub-Api-Version: "2022-11-28"
            Authorization: "Bearer ${GITHUB_TOKEN:-}"
        item:
          id: "{{login}}"
          title: "{{#detail.name}}{{detail.name}}{{/detail.name}}{{^detail.name}}{{login}}{{/detail.name}}"
          image: "{{avatar_url}}&s=240"
          alt: "Avatar of {{login}}"
          description: "{{#detail.bio}}{{detail.bio}}{{/detail.bio}}{{^detail.bio}}*No bio.*{{/detail.bio}}"
          date: "{{detail.created_at}}"
          link: "{{html_url}}"
          fields:                    # shown on each profile's page, in this order
            location: "{{detail.location}}"
            company: "{{detail.company}}"
            blog: "{{detail.blog}}"
            public_repos: "{{detail.public_repos}}"
        theme:
          cardFields: [location]     # under each card's title
        fetch:
          concurrency: 8
          maxWait: 60s

        """
    }

    private static func apod(_ api: String) -> String {
        """
        # NASA APOD: 30-day windows, newest first. Set NASA_API_KEY for 1,000 requests an hour;
        # DEMO_KEY allows 30. Videos play on their pages and in the viewer, from their thumbnail.
        title: Astronomy Picture of the Day
        description: NASA's Astronomy Picture of the Day, newest first.
        baseURL: /
        output: public
        pageSize: 24
        source:
          url: "\(api)/planetary/apod?api_key=${NASA_API_KEY:-DEMO_KEY}&thumbs=true"
          items: ""
          paginate: { style: dates, startParam: start_date, endParam: end_date, days: 30, until: 1995-06-16 }
          limit: 120
        item:
          id: "{{date}}"
          title: "{{title}}"
          image: "{{#thumbnail_url}}{{thumbnail_url}}{{/thumbnail_url}}{{^thumbnail_url}}{{#hdurl}}{{url}}{{/hdurl}}{{/thumbnail_url}}"
          alt: "{{title}}"
          description: "{{explanation}}{{#copyright}}\\n\\n© {{copyright}}{{/copyright}}"
          date: "{{date}}"
          link: "{{url}}"
          video: "{{#thumbnail_url}}{{url}}{{/thumbnail_url}}"   # a video's day has a thumbnail
          fields:                    # shown on each day's page, in this order
            copyright: "{{copyright}}"
            media_type: "{{media_type}}"
        sections:
          by: month            # a heading per month, and an archive page at sections/
          field: date
        fetch:
          concurrency: 4

        """
    }
}

/// A preset that could not be written.
public struct PresetError: ScrolleryError {
    /// What went wrong and what to do.
    public let description: String
}

extension PresetError {
    public var problem: String { description }
}
