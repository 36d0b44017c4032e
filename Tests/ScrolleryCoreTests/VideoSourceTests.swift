import Testing

@testable import ScrolleryCore

@Suite("What an item's video is")
struct VideoSourceTests {
    @Test(
        "files by extension, YouTube and Vimeo by address; anything else is no video",
        arguments: [
            (
                "https://example.org/a/clip.mp4",
                VideoSource.file(url: "https://example.org/a/clip.mp4", type: "video/mp4")
            ),
            ("https://example.org/clip.WEBM?x=1", .file(url: "https://example.org/clip.WEBM?x=1", type: "video/webm")),
            ("http://example.org/clip.ogv", .file(url: "http://example.org/clip.ogv", type: "video/ogg")),
            (
                "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5",
                .embed(service: "YouTube", player: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1")
            ),
            (
                "https://youtu.be/dQw4w9WgXcQ",
                .embed(service: "YouTube", player: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1")
            ),
            (
                "https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0",
                .embed(service: "YouTube", player: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1")
            ),
            (
                "https://vimeo.com/76979871",
                .embed(service: "Vimeo", player: "https://player.vimeo.com/video/76979871?dnt=1&autoplay=1")
            ),
            (
                "https://player.vimeo.com/video/76979871",
                .embed(service: "Vimeo", player: "https://player.vimeo.com/video/76979871?dnt=1&autoplay=1")
            ),
        ] as [(String, VideoSource?)])
    func recognized(url: String, expected: VideoSource?) {
        #expect(VideoSource(url) == expected)
    }

    @Test(
        "not a video, or an id that could carry anything else",
        arguments: [
            "https://example.org/photo.jpg", "https://example.org/mp4", "https://www.youtube.com/watch?v=short",
            "https://www.youtube.com/watch?v=dQw4w9WgX%22Q", "https://www.youtube.com/embed/dQw4w9WgXc\"",
            "https://youtu.be/", "https://vimeo.com/channels/staffpicks",
            "https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ",
            "https://www.youtube.com/embed/video1",
        ])
    func refused(url: String) {
        #expect(VideoSource(url) == nil)
    }
}
