import Foundation
import ScrolleryCore
import ScrolleryIO
import Synchronization
import Testing

@testable import Scrollery
@testable import ScrolleryTestSites

/// A failure reaches the build's events as a value: its kind, where, and the words shown.
@Suite("Failures in the build's events")
struct FailureEventTests {
    @Test("a missing detail, an invalid one and a file that is not an image arrive with their kinds")
    func kindsReachTheEvents() async throws {
        let items: [[String: Any]] = (1...4).map {
            ["id": "\($0)", "title": "Item \($0)", "image": "images/\($0).jpg"]
        }
        let documents = ["1": #"{"description": "fine"}"#, "2": #"{"description": "#, "3": #"{"description": "fine"}"#]
        let site = try SiteFixture(items: items, details: documents)
        defer { site.remove() }
        let images = site.folder.appendingPathComponent("static/images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        for index in 1...4 {
            let name = index == 3 ? "not-an-image.jpg" : "photo.jpg"
            try FixtureFiles.image(name).write(to: images.appendingPathComponent("\(index).jpg"))
        }
        let events = Mutex<[BuildEvent]>([])
        _ = try await SiteBuilder(config: site.config(), events: { event in events.withLock { $0.append(event) } })
            .build()
        var details: [String: Failure] = [:]
        var pictures: [String: Failure] = [:]
        for event in events.withLock({ $0 }) {
            switch event {
            case .itemFailed(_, let id, let failure): details[id] = failure
            case .pictureFailed(_, let id, let failure): pictures[id] = failure
            default: break
            }
        }
        #expect(Set(details.keys) == ["2", "4"])
        #expect(details["2"]?.kind == .invalidData)
        #expect(details["2"]?.location.hasSuffix("data/details/2.json") == true)
        #expect(details["4"]?.kind == .notFound)
        #expect(details["4"]?.underlying is FetchError)
        #expect(Set(pictures.keys) == ["3"])
        #expect(pictures["3"]?.kind == .notAnImage)
        #expect(pictures["3"]?.location.hasSuffix("3.jpg") == true)
    }
}
