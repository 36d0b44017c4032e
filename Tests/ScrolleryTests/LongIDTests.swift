import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

@Suite("Long ids")
struct LongIDTests {
    @Test("snowflake ids reach the slug, the item page and the detail URL exactly, and never collide")
    func snowflakeIDsEndToEnd() async throws {
        let ids = ["1234567890123456789", "1234567890123456790", "1234567890123456789012345"]
        let site = try SiteFixture(items: [], pageSize: 5)
        defer { site.remove() }
        let page =
            "{\"items\": [" + ids.map { "{\"id\": \($0), \"title\": \"Photo \($0)\"}" }.joined(separator: ",") + "]}"
        try page.write(to: site.folder.appendingPathComponent("data/page-1.json"), atomically: true, encoding: .utf8)
        for id in ids {
            try "{\"description\": \"Detail of \(id).\"}".write(
                to: site.folder.appendingPathComponent("data/details/\(id).json"), atomically: true, encoding: .utf8)
        }
        let summary = try await site.build()
        #expect(summary.items == 3)
        #expect(summary.detailsFailed == 0)
        for id in ids {
            let item = try site.read("items/\(id)/index.html")
            #expect(item.contains("Photo \(id)"))
            #expect(item.contains("Detail of \(id)."))
        }
    }
}
