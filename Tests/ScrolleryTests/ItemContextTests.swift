import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore

/// What an item's templates see: the item's members, with its detail as `detail` and its picture's
/// values as `picture` over them.
@Suite("Item context")
struct ItemContextTests {
    static func mapper(title: String, date: String? = nil) throws -> ItemMapper {
        let templates = ItemConfig(
            id: "{{id}}", title: title, image: nil, width: nil, height: nil, alt: nil, description: nil,
            date: date, link: nil)
        return try ItemMapper(templates, baseURL: try #require(BaseURL("/")))
    }

    static func item(_ json: String) throws -> SourceItem {
        SourceItem(position: 1, value: try JSONValue.parse(Data(json.utf8)))
    }

    static let ownDetail = #"{"id": "1", "title": "Item", "detail": {"title": "own"}, "picture": {"camera": "own"}}"#

    @Test("a fetched detail replaces the item's own `detail`; the item's other members stay in view")
    func detailReplacesOwn() throws {
        // A lone variable, text with variables, and a section each take their own path through the renderer.
        let mapper = try Self.mapper(
            title: "{{detail.title}}|{{title}}|{{#detail}}{{title}}{{/detail}}", date: "{{detail.title}}")
        let detail = try JSONValue.parse(Data(#"{"title": "fetched"}"#.utf8))
        let item = mapper.map(try Self.item(Self.ownDetail), detail: detail, error: nil)
        #expect(item.title == "fetched|Item|fetched")
        #expect(item.date == "fetched")
    }

    @Test("without a fetched detail, the item's own `detail` is what templates see")
    func ownDetailWithoutFetch() throws {
        let mapper = try Self.mapper(title: "{{detail.title}}|{{title}}")
        #expect(mapper.map(try Self.item(Self.ownDetail), detail: nil, error: nil).title == "own|Item")
    }

    @Test("a detail of null hides the item's own `detail`, as a detail replaces it")
    func nullDetailHidesOwn() throws {
        let mapper = try Self.mapper(title: "[{{detail.title}}]{{^detail}}none{{/detail}}|{{title}}")
        #expect(mapper.map(try Self.item(Self.ownDetail), detail: .null, error: nil).title == "[]none|Item")
    }

    @Test("a detail that is text is seen as text")
    func textDetail() throws {
        let mapper = try Self.mapper(title: "{{detail}}|{{title}}")
        #expect(mapper.map(try Self.item(Self.ownDetail), detail: .string("plain"), error: nil).title == "plain|Item")
    }

    @Test("the picture's values replace the item's own `picture`, beside a fetched detail")
    func pictureReplacesOwn() throws {
        let mapper = try Self.mapper(title: "{{picture.camera}}|{{detail.title}}|{{title}}")
        let detail = try JSONValue.parse(Data(#"{"title": "fetched"}"#.utf8))
        let item = mapper.map(
            try Self.item(Self.ownDetail), detail: detail, error: nil, picture: ["camera": "Fujifilm X-T4"])
        #expect(item.title == "Fujifilm X-T4|fetched|Item")
    }

    @Test("an item that is not an object is seen as itself, with no detail or picture over it")
    func itemNotAnObject() throws {
        let mapper = try Self.mapper(title: "{{.}}{{detail.title}}")
        let detail = try JSONValue.parse(Data(#"{"title": "fetched"}"#.utf8))
        #expect(mapper.map(try Self.item(#""just text""#), detail: detail, error: nil).title == "just text")
    }
}
