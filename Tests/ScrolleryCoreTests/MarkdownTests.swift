import Foundation
import ScrolleryTestSupport
import Testing

@testable import ScrolleryCore

@Suite("Markdown")
struct MarkdownTests {
    let renderer = MarkdownRenderer()

    func html(_ markdown: String) -> String {
        renderer.render(markdown).html
    }

    // MARK: - CommonMark

    @Test(
        "CommonMark blocks and inlines render to cmark's HTML",
        arguments: [
            ("# Title", "<h1>Title</h1>\n"),
            ("## Sub *title*", "<h2>Sub <em>title</em></h2>\n"),
            ("Some *em* and **strong**", "<p>Some <em>em</em> and <strong>strong</strong></p>\n"),
            ("- a\n- b", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n"),
            ("1. x\n2. y", "<ol>\n<li>x</li>\n<li>y</li>\n</ol>\n"),
            ("Use `a < b` here", "<p>Use <code>a &lt; b</code> here</p>\n"),
            (
                "```swift\nlet x = 1 < 2\n```",
                "<pre><code class=\"language-swift\">let x = 1 &lt; 2\n</code></pre>\n"
            ),
            ("[ok](https://example.org/a?b=1&c=2)", "<p><a href=\"https://example.org/a?b=1&amp;c=2\">ok</a></p>\n"),
            ("![alt](images/1.svg)", "<p><img src=\"images/1.svg\" alt=\"alt\" /></p>\n"),
            ("> quoted", "<blockquote>\n<p>quoted</p>\n</blockquote>\n"),
            ("one\ntwo", "<p>one\ntwo</p>\n"),
            ("Tom & \"Jerry\"", "<p>Tom &amp; &quot;Jerry&quot;</p>\n"),
            ("", ""),
        ])
    func commonMark(markdown: String, expected: String) {
        #expect(html(markdown) == expected)
    }

    // MARK: - Safety

    @Test(
        "raw HTML blocks and inlines are omitted",
        arguments: [
            "<script>alert(1)</script>",
            "<img src=x onerror=alert(1)>",
            "<iframe src=\"https://evil.example\"></iframe>",
            "<div onclick=\"alert(1)\">x</div>",
            "text <img src=x onerror=alert(1)> more",
            "a <script>alert(1)</script> b",
            "<style>body{display:none}</style>",
        ])
    func rawHTMLOmitted(markdown: String) {
        let output = html(markdown)
        #expect(output.contains("<!-- raw HTML omitted -->"))
        for dangerous in ["<script", "<img", "<iframe", "<div", "<style", "onerror", "onclick"] {
            #expect(!output.contains(dangerous), "\(output)")
        }
    }

    @Test("text around omitted inline HTML is kept")
    func textAroundInlineHTML() {
        #expect(html("text <img src=x onerror=alert(1)> more") == "<p>text <!-- raw HTML omitted --> more</p>\n")
    }

    @Test(
        "links with dangerous schemes get an empty href",
        arguments: [
            "[x](javascript:alert(1))",
            "[x](JAVASCRIPT:alert(1))",
            "[x](JaVaScRiPt:alert(1))",
            "[x](vbscript:msgbox(1))",
            "[x](data:text/html,<script>alert(1)</script>)",
            "[x](data:text/html;base64,PHNjcmlwdD4=)",
            "[x](file:///etc/passwd)",
            "[x]( javascript:alert(1))",
            "[x](&#106;avascript:alert(1))",
            "[x](javascript&#58;alert(1))",
            "<javascript:alert(1)>",
            "[x][ref]\n\n[ref]: javascript:alert(1)",
        ])
    func dangerousLinksEmptied(markdown: String) {
        let output = html(markdown)
        #expect(Self.attributeValues("href", in: output) == [""], "\(output)")
    }

    /// The values of every `name="…"` attribute in `html`.
    static func attributeValues(_ name: String, in html: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test("a dangerous link keeps its text")
    func dangerousLinkKeepsText() {
        #expect(html("[click me](javascript:alert(1))") == "<p><a href=\"\">click me</a></p>\n")
    }

    @Test(
        "images with dangerous sources get an empty src",
        arguments: [
            "![i](javascript:alert(1))", "![i](JavaScript:alert(1))", "![i](vbscript:x)", "![i](data:text/html,x)",
        ])
    func dangerousImagesEmptied(markdown: String) {
        let output = html(markdown)
        #expect(output == "<p><img src=\"\" alt=\"i\" /></p>\n")
        #expect(Self.attributeValues("src", in: output) == [""])
    }

    @Test("safe links and images are kept as written")
    func safeLinksKept() {
        let output = html("[a](https://example.org) [b](http://example.org/x) [c](/local) [d](mailto:a@example.org)")
        #expect(output.contains("href=\"https://example.org\""))
        #expect(output.contains("href=\"http://example.org/x\""))
        #expect(output.contains("href=\"/local\""))
        #expect(output.contains("href=\"mailto:a@example.org\""))
    }

    @Test("a link title cannot break out of its attribute")
    func linkTitleEscaped() {
        let output = html("[a](https://example.org \"x\\\" onmouseover=\\\"alert(1)\")")
        #expect(output.contains("title=\"x&quot; onmouseover=&quot;alert(1)\""))
    }

    // MARK: - Plain text

    @Test("plainText drops markup and folds whitespace")
    func plainTextDropsMarkup() {
        let rendered = renderer.render(
            "# Title\n\nSome   *emphasis*\nand **bold**  \nwith `code`.\n\n- one\n- two\n\n```\nblock  code\n```\nend")
        #expect(rendered.plainText == "Title Some emphasis and bold with code. one two block code end")
    }

    @Test("plainText leaves out raw HTML and keeps link and image text")
    func plainTextOmitsHTML() {
        let rendered = renderer.render(
            "Hello <b>bold</b>\n\n<script>alert(1)</script>\n\n<div>block html</div>\n\n[link](https://e.org) ![alt text](x.png)"
        )
        #expect(rendered.plainText == "Hello bold link alt text")
        #expect(!rendered.plainText.contains("<"))
        #expect(!rendered.plainText.contains("alert"))
    }

    @Test("plainText decodes entities and never has leading, trailing or doubled whitespace")
    func plainTextEntitiesAndWhitespace() {
        let rendered = renderer.render("\n\n  Tom &amp; Jerry\t&lt;3  \n\n\n  ")
        #expect(rendered.plainText == "Tom & Jerry <3")
    }

    @Test("an empty or blank document renders to nothing")
    func emptyDocument() {
        #expect(renderer.render("") == RenderedMarkdown(html: "", plainText: ""))
        #expect(renderer.render("  \n\n\t ") == RenderedMarkdown(html: "", plainText: ""))
    }

    @Test("invalid UTF-8 and NUL bytes render safely as replacement characters")
    func invalidUTF8() throws {
        let text = String(decoding: [0x41, 0xFF, 0xFE, 0x42, 0xC3] as [UInt8], as: UTF8.self)
        let rendered = renderer.render(text)
        #expect(rendered.html == "<p>A\u{FFFD}\u{FFFD}B\u{FFFD}</p>\n")
        #expect(rendered.plainText == "A\u{FFFD}\u{FFFD}B\u{FFFD}")

        let withNUL = renderer.render("before\u{0}after")
        #expect(withNUL.html == "<p>before\u{FFFD}after</p>\n")
        #expect(withNUL.plainText == "before\u{FFFD}after")
    }

    @Test("the renderer can be used from many tasks at once")
    func concurrentRendering() async {
        let renderer = self.renderer
        let outputs = await withTaskGroup(of: (Int, String).self) { group in
            for index in 0..<64 {
                group.addTask { (index, renderer.render("*item \(index)*").html) }
            }
            var outputs: [Int: String] = [:]
            for await (index, html) in group { outputs[index] = html }
            return outputs
        }
        #expect(outputs.count == 64)
        for (index, html) in outputs {
            #expect(html == "<p><em>item \(index)</em></p>\n")
        }
    }

    // MARK: - Excerpt

    @Test("short text is kept whole")
    func excerptKeepsShortText() {
        #expect(Excerpt.make(from: "A short description.") == "A short description.")
        let exactly = String(repeating: "x", count: Excerpt.maximumLength)
        #expect(Excerpt.make(from: exactly) == exactly)
    }

    @Test("empty text has no excerpt")
    func excerptOfEmptyText() {
        #expect(Excerpt.make(from: "") == nil)
    }

    @Test("long text is cut at a word boundary and ends with an ellipsis")
    func excerptCutsAtWord() throws {
        let words = (1...60).map { "word\($0)" }
        let text = words.joined(separator: " ")
        let excerpt = try #require(Excerpt.make(from: text))
        #expect(excerpt.hasSuffix("…"))
        let body = String(excerpt.dropLast())
        #expect(body.count <= Excerpt.maximumLength)
        #expect(text.hasPrefix(body + " "))
        // The cut is at a whole word: the body is the first n words.
        let bodyWords = body.split(separator: " ").map(String.init)
        #expect(bodyWords == Array(words.prefix(bodyWords.count)))
        #expect(bodyWords.count >= 20)
    }

    @Test("trailing punctuation before the cut is dropped")
    func excerptDropsTrailingPunctuation() throws {
        let text = String(repeating: "a", count: 150) + ", and then " + String(repeating: "b", count: 50)
        #expect(Excerpt.make(from: text) == String(repeating: "a", count: 150) + ", and…")
        let comma = String(repeating: "c", count: 155) + ", " + String(repeating: "d", count: 20)
        #expect(Excerpt.make(from: comma) == String(repeating: "c", count: 155) + "…")
    }

    @Test("long text without spaces is cut at the maximum length")
    func excerptWithoutSpaces() throws {
        let text = String(repeating: "é", count: 300)
        #expect(Excerpt.make(from: text) == String(repeating: "é", count: Excerpt.maximumLength) + "…")
    }

    @Test("a long excerpt keeps the punctuation it starts with")
    func excerptKeepsLeadingPunctuation() throws {
        let text = "(Photo) " + String(repeating: "word ", count: 60)
        let excerpt = try #require(Excerpt.make(from: text))
        #expect(excerpt.hasPrefix("(Photo) word"))
        let quoted = "“Quoted,” she said. " + String(repeating: "word ", count: 60)
        #expect(Excerpt.make(from: quoted)?.hasPrefix("“Quoted,”") == true)
    }

    @Test("ASCII text is cut as Character by Character would cut it, at every length and with every punctuation")
    func excerptOfASCIIMatchesCharacterCut() {
        var generator = SeededGenerator(seed: 20_261_121)
        // Spaces, tabs, CR LF, punctuation and symbols (which are not trimmed), and letters.
        for _ in 0..<2_000 {
            var text = generator.text(from: " \t\n\r.,;:!?-()\"'$+<=>^`|~#%&*/@[]_{}abcXYZ019", maximumLength: 220)
            if Bool.random(using: &generator) { text = text.replacingOccurrences(of: "\r", with: " ") }
            #expect(Excerpt.make(from: text) == Excerpt.cutByCharacters(text), "\(text.debugDescription)")
        }
        let words = String(repeating: "word. ", count: 40)
        #expect(Excerpt.make(from: words) == Excerpt.cutByCharacters(words))
        #expect(Excerpt.make(from: words)?.hasSuffix("word…") == true)
    }

    /// Letters, marks, spaces and signs of many scripts, with the white space and joiners that make grapheme
    /// boundaries hard: NBSP, ideographic space, NEL, a combining acute, ZWJ, emoji modifiers, an Arabic
    /// prepended sign, CR LF.
    static let worldAlphabet =
        "aZ9 .,é\u{301}ñÅøßŁżЖжΩωẞ東京タワー写真한글مرحباऩमस्ते\u{94D}ไทย"
        + "\u{A0}\u{3000}\u{2009}\u{85}\u{200D}\u{200C}\u{FE0F}\u{1F3FD}🎉👩‍👩‍👧\u{600}\u{6DD}\u{110BD}\r\n\t“”—…"
        + "\u{1F1EB}\u{1F1F7}\u{1100}\u{1161}\u{11A8}กี\u{E33}!?()«»、。"

    @Test("white space is folded on UTF-8 bytes exactly as splitting on Character.isWhitespace, in every script")
    func foldWhitespaceMatchesCharacters() {
        var generator = SeededGenerator(seed: 20_261_123)
        for _ in 0..<5_000 {
            let text = generator.text(from: Self.worldAlphabet, maximumLength: 200)
            #expect(
                WhiteSpace.fold(text) == WhiteSpace.foldByCharacters(text),
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            // The bytes the Markdown keeps are the String's, byte for byte, and refused where it is.
            var copy = text
            let bytes = copy.withUTF8(WhiteSpace.foldUTF8Bytes)
            #expect(bytes == copy.withUTF8(WhiteSpace.foldUTF8).map { Array($0.utf8) })
        }
        // The hard cases, one by one.
        for text in [
            " \u{301}a", "a \u{301}", "\u{600} a", "a\u{600} b", "x \u{1F3FD}", "\u{3000}東京\u{3000}", "a\r\nb",
            "\u{A0}\u{A0}", "Привет,\u{A0}мир", "a\u{200D} b", "\u{110BD} x",
            // A Thai vowel sign that is a letter by its category but a spacing mark by its grapheme class
            // (found by the TextCuts fuzz target).
            "ท \u{E33} ok", "a\u{A0}\u{E33}",
        ] {
            #expect(
                WhiteSpace.fold(text) == WhiteSpace.foldByCharacters(text),
                "\(text.debugDescription)")
            // On bytes too, where the fold does not refuse the text (then the Markdown folds by Character).
            var copy = text
            if let bytes = copy.withUTF8(WhiteSpace.foldUTF8Bytes) {
                #expect(bytes == Array(WhiteSpace.foldByCharacters(text).utf8), "\(text.debugDescription)")
            }
        }
    }

    @Test("long words and runs of white space fold on bytes as by Character, across chunks of sixteen bytes")
    func foldLongWords() {
        var generator = SeededGenerator(seed: 53)
        let letters = Array("aé東ж🎉—“ー\u{301}")
        let spaces = ["", " ", "  ", "\t", "\u{A0}", "\u{3000}", "\u{2009}", "\n\n"]
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                text += spaces.randomElement(using: &generator) ?? ""
                for _ in 0..<Int.random(in: 1...40, using: &generator) {
                    text.append(letters.randomElement(using: &generator) ?? "a")
                }
            }
            text += spaces.randomElement(using: &generator) ?? ""
            #expect(WhiteSpace.fold(text) == WhiteSpace.foldByCharacters(text), "\(text.debugDescription)")
            var copy = text
            if let bytes = copy.withUTF8(WhiteSpace.foldUTF8Bytes) {
                #expect(bytes == Array(WhiteSpace.foldByCharacters(text).utf8), "\(text.debugDescription)")
            }
        }
    }

    @Test(
        "a description's plain text and excerpt around the excerpt's length: none, exactly one, one more, longer",
        arguments: [
            0, 1, Excerpt.maximumLength - 1, Excerpt.maximumLength, Excerpt.maximumLength + 1,
            Excerpt.maximumLength + 2, Excerpt.maximumLength + 3, 2_000,
        ])
    func plainTextAroundTheExcerptLength(characters: Int) {
        // Letters of three scripts and emoji, with white space to fold between words.
        let letters = Array("é東🎉ж")
        var text = ""
        for index in 0..<characters { text += index % 7 == 6 ? "  " : String(letters[index % letters.count]) }
        let words = WhiteSpace.foldByCharacters(text)
        for textBytes in [1, 64, MarkdownRenderer.excerptBytes, Int.max] {
            let rendered = MarkdownRenderer().render(text, textBytes: textBytes)
            #expect(rendered.excerpt == Excerpt.cutByCharacters(words), "\(characters) Characters, \(textBytes) bytes")
            // The plain text is the whole text, or a start of it long enough for the same excerpt.
            #expect(words.hasPrefix(rendered.plainText))
            #expect(Array(rendered.plainText.utf8) == rendered.plainBytes)
            #expect(rendered.plainText == words || rendered.plainText.count > Excerpt.maximumLength + 1)
            if textBytes == Int.max { #expect(rendered.plainText == words) }
        }
    }

    @Test("excerpts of text in every script are cut as Character by Character would cut them")
    func excerptOfWorldTextMatchesCharacterCut() {
        var generator = SeededGenerator(seed: 20_261_124)
        for _ in 0..<3_000 {
            let text = generator.text(from: Self.worldAlphabet, maximumLength: 400)
            #expect(Excerpt.make(from: text) == Excerpt.cutByCharacters(text), "\(text.debugDescription)")
            #expect(
                Excerpt.hasMoreThanAnExcerpt(text) == (text.count > Excerpt.maximumLength + 1),
                "\(text.debugDescription)")
            #expect(Excerpt.measured(text).excerpt == Excerpt.make(from: text), "\(text.debugDescription)")
        }
    }

    @Test("a long description's excerpt is the same from the start of its text as from all of it, in any script")
    func excerptFromTheStartOfALongText() {
        let renderer = MarkdownRenderer()
        var generator = SeededGenerator(seed: 20_261_125)
        var documents: [String] = [
            // Few Characters in many bytes: marks piled on letters, white space in a code block, emoji.
            String(repeating: "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}", count: 400),
            "start\n\n```\n" + String(repeating: " \t", count: 2_000) + "\n```\n\nand the words after it",
            String(repeating: "👩‍👩‍👧🇫🇷", count: 300), String(repeating: "word ", count: 1_000),
        ]
        for _ in 0..<300 {
            let paragraphs = (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                (0..<Int.random(in: 1...10, using: &generator)).map { _ in
                    Self.worldSentences.randomElement(using: &generator) ?? ""
                }.joined(separator: " ")
            }
            let separator = Bool.random(using: &generator) ? "\n\n" : "\n\n- *a* `b`\n\n"
            documents.append(paragraphs.joined(separator: separator))
        }
        var shortened = 0
        for markdown in documents {
            let start = renderer.render(markdown)
            let whole = renderer.render(markdown, textBytes: .max)
            #expect(start.html == whole.html)
            #expect(whole.plainText.hasPrefix(start.plainText.dropLast(8)), "\(markdown.prefix(80))")
            #expect(
                Excerpt.make(from: start.plainText) == Excerpt.make(from: whole.plainText), "\(markdown.prefix(80))")
            // The excerpt worked out while folding is the whole text's.
            #expect(start.excerpt == Excerpt.make(from: whole.plainText), "\(markdown.prefix(80))")
            #expect(whole.excerpt == Excerpt.make(from: whole.plainText), "\(markdown.prefix(80))")
            if start.plainText != whole.plainText { shortened += 1 }
        }
        // Most of these are long enough for the start to be all that is folded.
        #expect(shortened > documents.count / 2)
    }

    @Test("the start of the text is cut inside a literal at a whole scalar, and grows until it holds an excerpt")
    func startOfTextIsCutAtAScalar() {
        let renderer = MarkdownRenderer()
        // One literal of two-, three- and four-byte scalars: any cut at a byte would split one.
        let literal = String(repeating: "ж夕🌅", count: 200)
        // 600 bytes hold 200 of its Characters, enough for an excerpt: the literal is cut there.
        let start = renderer.render(literal, textBytes: 600)
        #expect((597...600).contains(start.plainText.utf8.count))
        #expect(literal.hasPrefix(start.plainText))
        #expect(start.plainText.count > Excerpt.maximumLength + 1)
        #expect(start.excerpt == Excerpt.make(from: literal))
        // Emoji in families take 18 bytes a Character: 100, 400 and 1,600 bytes are too few, 6,400 are
        // enough, and the other 11,600 bytes are not folded.
        let families = String(repeating: "👩‍👩‍👧", count: 1_000)
        let grown = renderer.render(families, textBytes: 100)
        #expect(grown.plainText.utf8.count <= 6_400)
        #expect(grown.plainText.count > Excerpt.maximumLength + 1)
        #expect(grown.excerpt == Excerpt.make(from: families))
        // White space only after the start: the text ends, and all of it is folded.
        let spaced = "a" + String(repeating: " ", count: 5_000) + "b"
        #expect(renderer.render(spaced, textBytes: 100).plainText == "a b")
    }

    /// Sentences as captions are written: each in its script, with emoji that take modifiers and
    /// variation selectors, flags, decomposed accents, Devanagari and Thai vowel signs.
    static let worldSentences = [
        "The light fell across the harbour — a moment of “perfect” calm.", "Über den Dächern der Altstadt.",
        "Le café du coin, où l’on refait le monde.", "Bức ảnh được chụp ở Hội An vào buổi tối.",
        "Снимок сделан в Санкт-Петербурге белой ночью.", "夕暮れの東京タワーと、帰り道を急ぐ人々の姿。",
        "서울의 밤, 한강 다리 위로 불빛이 흐른다.", "التقطت هذه الصورة في مراكش عند الغروب،",
        "यह तस्वीर वाराणसी के घाटों पर सुबह-सुबह ली गई थी।", "ภาพนี้ถ่ายที่เชียงใหม่ 🏮",
        "Sunset 🌅🐪 — worth it! 👏🏽", "Family: 👩‍👩‍👧 ❤️ 🇫🇷🇯🇵", "Cafe\u{301} au lait, Cre\u{300}me.",
        "(Photo) «Paris» — 2026!", "ａｂｃ ﾃｽﾄ\u{FF9E} ok",
    ]

    @Test("excerpts of captions in many scripts are cut as Character by Character would cut them")
    func excerptOfCaptionsMatchesCharacterCut() {
        var generator = SeededGenerator(seed: 20_261_125)
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...8, using: &generator)
            let text = (0..<count).map { _ in Self.worldSentences.randomElement(using: &generator) ?? "" }
                .joined(separator: Bool.random(using: &generator) ? " " : "\u{A0}")
            #expect(Excerpt.make(from: text) == Excerpt.cutByCharacters(text), "\(text.debugDescription)")
            #expect(
                WhiteSpace.fold(text) == WhiteSpace.foldByCharacters(text),
                "\(text.debugDescription)")
        }
    }
}
