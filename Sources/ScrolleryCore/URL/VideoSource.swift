import Foundation

/// What an item's video (`item.video`, an http(s) URL already checked) is, and how the theme plays it:
/// a file a `<video>` element plays (`.mp4`, `.webm`, `.ogv`), or a YouTube or Vimeo page, played in the
/// site's privacy-enhanced player (`youtube-nocookie.com`; Vimeo with `dnt=1`) once the reader asks for it.
package enum VideoSource: Equatable, Sendable {
    /// A file, with its media type (`video/mp4`).
    case file(url: String, type: String)
    /// A player of another site: its name (`YouTube`) and the address of its embedded player.
    case embed(service: String, player: String)

    /// The video of `url` (an http(s) URL), or `nil` when it is neither a video file nor a YouTube or Vimeo
    /// video.
    package init?(_ url: String) {
        guard let components = URLComponents(string: url), let host = components.host?.lowercased() else {
            return nil
        }
        let path = components.path
        let types = ["mp4": "video/mp4", "webm": "video/webm", "ogv": "video/ogg"]
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        if path.contains("."), let type = types[ext] {
            self = .file(url: url, type: type)
            return
        }
        let parts = path.split(separator: "/").map(String.init)
        func youTube(_ id: String?) -> VideoSource? {
            guard let id, id.count == 11, id.unicodeScalars.allSatisfy(Self.isIDCharacter) else { return nil }
            return .embed(service: "YouTube", player: "https://www.youtube-nocookie.com/embed/\(id)?autoplay=1")
        }
        switch host {
        case "youtube.com", "www.youtube.com", "m.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com":
            let id =
                parts.first == "watch"
                ? components.queryItems?.first { $0.name == "v" }?.value
                : ["embed", "shorts", "live", "v"].contains(parts.first ?? "") ? parts.dropFirst().first : nil
            guard let video = youTube(id) else { return nil }
            self = video
        case "youtu.be":
            guard let video = youTube(parts.first) else { return nil }
            self = video
        case "vimeo.com", "www.vimeo.com", "player.vimeo.com":
            let id = host == "player.vimeo.com" && parts.first == "video" ? parts.dropFirst().first : parts.last
            guard let id, (1...12).contains(id.count), id.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return nil
            }
            self = .embed(service: "Vimeo", player: "https://player.vimeo.com/video/\(id)?dnt=1&autoplay=1")
        default:
            return nil
        }
    }

    private static func isIDCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "-" || scalar == "_"
    }
}
