import Testing

@testable import ScrolleryCore

@Suite("Which content types may hold JSON")
struct JSONMediaTypeTests {
    @Test(
        "JSON types, the generic ones, and none, in any case, with parameters and blanks",
        arguments: [
            "application/json", "application/JSON", "Application/Json; charset=UTF-8", "application/vnd.api+json",
            "application/ld+JSON;profile=x", "text/json", "text/plain", "TEXT/PLAIN; charset=utf-8",
            "application/octet-stream", "text/javascript", "", " ", "\t application/json \t; q=1", ";charset=utf-8",
        ])
    func allowed(_ type: String) {
        #expect(JSONMediaType.allows(type))
    }

    @Test(
        "web pages, pictures and look-alikes",
        arguments: [
            "text/html", "TEXT/HTML; charset=utf-8", "image/png", "application/xml", "application/jsonp",
            "application/json-seq", "json", "+jso", "application/json x", "text/plain2", "application/octet",
            "text/plain\u{A0}", "application/ｊson", "text/javascriptx", "application/x-json; ; application/json",
        ])
    func refused(_ type: String) {
        #expect(!JSONMediaType.allows(type))
    }
}
