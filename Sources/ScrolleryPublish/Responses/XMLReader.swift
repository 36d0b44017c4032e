/// Reads the XML documents S3 answers with into a tree of `XMLElement`s. It is strict, because the text
/// comes from a server and is untrusted: the input must be UTF-8 and well-formed; a document type
/// declaration is refused (so no entity is ever expanded but the five predefined ones and character
/// references); nesting deeper than `maxDepth` is refused. It never traps: every problem is an error.
/// Hand-written for these few elements so that publishing needs no libxml2 at run time (FoundationXML's
/// `XMLParser` links it).
package enum XMLReader {
    package static func parse(_ bytes: [UInt8], maxDepth: Int = 32) throws(XMLSyntaxError) -> XMLElement {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw XMLSyntaxError(problem: "the text is not UTF-8", offset: 0)
        }
        var reader = Cursor(bytes: bytes, maxDepth: maxDepth)
        return try reader.document()
    }

    private struct Cursor {
        let bytes: [UInt8]
        let maxDepth: Int
        var index = 0

        init(bytes: [UInt8], maxDepth: Int) {
            self.bytes = bytes
            self.maxDepth = maxDepth
        }

        func fail(_ problem: String) -> XMLSyntaxError { XMLSyntaxError(problem: problem, offset: index) }

        func peek(_ text: String) -> Bool {
            let pattern = Array(text.utf8)
            return bytes.count - index >= pattern.count && bytes[index..<index + pattern.count].elementsEqual(pattern)
        }

        mutating func skipSpace() {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        /// Moves past the next `terminator`; throws when there is none.
        mutating func skip(past terminator: String, what: String) throws(XMLSyntaxError) {
            let pattern = Array(terminator.utf8)
            while index < bytes.count {
                if peek(terminator) {
                    index += pattern.count
                    return
                }
                index += 1
            }
            throw fail("\(what) is not closed")
        }

        /// Comments, processing instructions (the XML declaration too) and white space, as found before and
        /// after the root element.
        mutating func skipMisc() throws(XMLSyntaxError) {
            while true {
                skipSpace()
                if peek("<!--") {
                    try skip(past: "-->", what: "a comment")
                } else if peek("<?") {
                    try skip(past: "?>", what: "a processing instruction")
                } else if peek("<!") {
                    throw fail("document type declarations are not accepted")
                } else {
                    return
                }
            }
        }

        mutating func document() throws(XMLSyntaxError) -> XMLElement {
            if peek("\u{FEFF}") { index += 3 }
            try skipMisc()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { throw fail("no root element") }
            let root = try element()
            try skipMisc()
            guard index == bytes.count else { throw fail("text after the root element") }
            return root
        }

        mutating func name() throws(XMLSyntaxError) -> String {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                let isNameByte =
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte >= 0x80
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ".")
                guard isNameByte else { break }
                index += 1
            }
            guard index > start else { throw fail("a name is missing") }
            let first = bytes[start]
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: "-")
                || first == UInt8(ascii: ".")
            {
                throw fail("a name starts with a digit, - or .")
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// A start tag's attributes, read and dropped (S3 puts only `xmlns` there).
        mutating func attributes() throws(XMLSyntaxError) {
            var seen: Set<String> = []
            while true {
                let hadSpace = index < bytes.count && Self.isSpace(bytes[index])
                skipSpace()
                guard index < bytes.count else { throw fail("a start tag is not closed") }
                if bytes[index] == UInt8(ascii: ">") || bytes[index] == UInt8(ascii: "/") { return }
                guard hadSpace else { throw fail("attributes must be separated by white space") }
                let attribute = try name()
                guard seen.insert(attribute).inserted else { throw fail("the attribute \(attribute) is repeated") }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    throw fail("an attribute has no =")
                }
                index += 1
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
                else { throw fail("an attribute value is not quoted") }
                let quote = bytes[index]
                index += 1
                var scratch: [UInt8] = []
                while true {
                    guard index < bytes.count else { throw fail("an attribute value is not closed") }
                    let byte = bytes[index]
                    if byte == quote {
                        index += 1
                        break
                    }
                    if byte == UInt8(ascii: "<") { throw fail("< in an attribute value") }
                    if byte == UInt8(ascii: "&") {
                        try reference(into: &scratch)
                    } else {
                        try checkCharacter(byte)
                        index += 1
                    }
                }
            }
        }

        /// An element and everything inside it, without recursion: the open elements are kept on a stack.
        mutating func element() throws(XMLSyntaxError) -> XMLElement {
            var stack: [(element: XMLElement, text: [UInt8])] = []
            while true {
                // At a `<` that starts a tag.
                index += 1
                let tagName = try name()
                try attributes()
                var current = XMLElement(name: tagName, children: [], text: "")
                if peek("/>") {
                    index += 2
                    if stack.isEmpty { return current }
                    stack[stack.count - 1].element.children.append(current)
                } else {
                    index += 1  // `>`
                    guard stack.count < maxDepth else { throw fail("elements are nested deeper than \(maxDepth)") }
                    stack.append((current, []))
                }
                // Content until the next start tag, or the end tags that close elements.
                while true {
                    guard var top = stack.popLast() else { throw fail("unbalanced tags") }
                    guard index < bytes.count else { throw fail("the element \(top.element.name) is not closed") }
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "<") {
                        if peek("</") {
                            index += 2
                            let closing = try name()
                            skipSpace()
                            guard closing == top.element.name else {
                                throw fail("</\(closing)> closes <\(top.element.name)>")
                            }
                            guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
                                throw fail("an end tag is not closed")
                            }
                            index += 1
                            current = top.element
                            current.text = String(decoding: top.text, as: UTF8.self)
                            if stack.isEmpty { return current }
                            stack[stack.count - 1].element.children.append(current)
                            continue
                        } else if peek("<!--") {
                            try skip(past: "-->", what: "a comment")
                        } else if peek("<![CDATA[") {
                            index += 9
                            let start = index
                            try skip(past: "]]>", what: "a CDATA section")
                            let body = bytes[start..<index - 3]
                            for byte in body { try checkCharacter(byte) }
                            top.text.append(contentsOf: body)
                        } else if peek("<?") {
                            try skip(past: "?>", what: "a processing instruction")
                        } else if peek("<!") {
                            throw fail("a declaration inside an element")
                        } else {
                            stack.append(top)
                            break
                        }
                    } else if byte == UInt8(ascii: "&") {
                        try reference(into: &top.text)
                    } else if byte == 0x0D {
                        // Line ends are normalized: CR LF and a lone CR become LF.
                        top.text.append(0x0A)
                        index += 1
                        if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                    } else {
                        try checkCharacter(byte)
                        top.text.append(byte)
                        index += 1
                    }
                    stack.append(top)
                }
            }
        }

        /// Control bytes XML 1.0 does not allow in a document (tab, LF and CR aside).
        func checkCharacter(_ byte: UInt8) throws(XMLSyntaxError) {
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
                throw fail("a control character in the text")
            }
        }

        /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;` or `&#xH;`, appended to `text` as UTF-8.
        mutating func reference(into text: inout [UInt8]) throws(XMLSyntaxError) {
            let start = index
            index += 1
            let nameStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: ";"), index - nameStart < 12 { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                index = start
                throw fail("an & that does not start a reference")
            }
            let body = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            index += 1
            switch body {
            case "amp": text.append(UInt8(ascii: "&"))
            case "lt": text.append(UInt8(ascii: "<"))
            case "gt": text.append(UInt8(ascii: ">"))
            case "quot": text.append(UInt8(ascii: "\""))
            case "apos": text.append(UInt8(ascii: "'"))
            default:
                var value: UInt32?
                if body.hasPrefix("#x") {
                    let digits = body.dropFirst(2)
                    if !digits.isEmpty, digits.allSatisfy(\.isHexDigit) { value = UInt32(digits, radix: 16) }
                } else if body.hasPrefix("#") {
                    let digits = body.dropFirst()
                    if !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) { value = UInt32(digits) }
                }
                guard let value else {
                    index = start
                    throw fail("the reference &\(body); is not one XML predefines")
                }
                let allowed =
                    value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
                    || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
                guard allowed, let scalar = Unicode.Scalar(value) else {
                    index = start
                    throw fail("&\(body); is not a character XML allows")
                }
                text.append(contentsOf: String(Character(scalar)).utf8)
            }
        }
    }
}
