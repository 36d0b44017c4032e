import Testing

@testable import ScrolleryCore

/// `{name}` placeholders filled in one pass, with every other brace left as written.
@Suite("Placeholders")
struct PlaceholdersTests {
    static let values = ["n": "3", "site": "{n} photos", "": "empty"]

    static func fill(_ text: String) -> String {
        Placeholders.fill(text) { values[String($0)] }
    }

    @Test(
        "known names are filled once; unknown names, lone braces and braces inside a name stay",
        arguments: [
            ("no braces", "no braces"),
            ("{n} of {n}", "3 of 3"),
            ("{site}", "{n} photos"),
            ("{x} {n}", "{x} 3"),
            ("{}", "empty"),
            ("{{n}}", "{3}"),
            ("{n{n}", "{n3"),
            ("} {n} {", "} 3 {"),
            ("{ n}", "{ n}"),
            ("東京 {n} 🌸 {", "東京 3 🌸 {"),
            ("{{{", "{{{"),
            ("}}}", "}}}"),
        ])
    func fills(text: String, expected: String) {
        #expect(Self.fill(text) == expected)
    }

    @Test("many braces are filled in time linear in the text: each name is given to the lookup once at most")
    func manyBraces() {
        let count = 200_000
        var looked = 0
        let opens = String(repeating: "{", count: count)
        let filled = Placeholders.fill(opens + "n}" + opens) { name in
            looked += name.utf8.count + 1
            return Self.values[String(name)]
        }
        #expect(filled == String(repeating: "{", count: count - 1) + "3" + opens)
        // Only the name `n` was looked up: before, each `{` gave the lookup the rest of the text to its `}`.
        #expect(looked == 2)
    }
}
