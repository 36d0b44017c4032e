extension TemplateValue {
    /// The value as bytes that `init(bytes:)` reads back (a card kept on disk until its group's pages are
    /// written): a tag byte, then the text's length and UTF-8, or the elements' count and each element. A
    /// `.json` value is kept as the names and lists it reads as.
    package func appendBytes(to bytes: inout [UInt8]) {
        func count(_ value: Int) {
            withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.append(contentsOf: $0) }
        }
        func text(_ utf8: some Collection<UInt8>) {
            count(utf8.count)
            bytes.append(contentsOf: utf8)
        }
        switch self {
        case .text(let value):
            bytes.append(0)
            text(value.utf8)
        case .utf8(let value):
            // Read back as the text it is.
            bytes.append(0)
            text(value)
        case .bool(let flag):
            bytes.append(flag ? 2 : 1)
        case .list(let elements):
            bytes.append(3)
            count(elements.count)
            for element in elements { element.appendBytes(to: &bytes) }
        case .object(let object):
            bytes.append(4)
            let pairs = object.pairs
            count(pairs.count)
            for (name, value) in pairs {
                text(name.utf8)
                value.appendBytes(to: &bytes)
            }
        case .json(let json):
            switch json {
            case .array(let elements):
                TemplateValue.list(elements.compactMap(TemplateValue.init(json:))).appendBytes(to: &bytes)
            case .object(let members):
                TemplateValue.object(
                    TemplateObject(
                        members.sorted { $0.key < $1.key }.compactMap { name, value in
                            TemplateValue(json: value).map { (name, $0) }
                        })
                ).appendBytes(to: &bytes)
            default: (TemplateValue(json: json) ?? .bool(false)).appendBytes(to: &bytes)
            }
        }
    }

    /// Reads a value written by `appendBytes` at `offset`, moving `offset` past it; `nil` when the bytes are
    /// not one.
    package init?(bytes: [UInt8], offset: inout Int) {
        func count() -> Int? {
            guard offset + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for index in 0..<4 { value |= UInt32(bytes[offset + index]) << (8 * index) }
            offset += 4
            return Int(value)
        }
        func text() -> String? {
            guard let length = count(), offset + length <= bytes.count else { return nil }
            defer { offset += length }
            return String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
        }
        guard offset < bytes.count else { return nil }
        let tag = bytes[offset]
        offset += 1
        switch tag {
        case 0:
            guard let value = text() else { return nil }
            self = .text(value)
        case 1, 2:
            self = .bool(tag == 2)
        case 3:
            guard let number = count(), number <= bytes.count - offset else { return nil }
            var elements: [TemplateValue] = []
            for _ in 0..<number {
                guard let element = TemplateValue(bytes: bytes, offset: &offset) else { return nil }
                elements.append(element)
            }
            self = .list(elements)
        case 4:
            guard let number = count(), number <= bytes.count - offset else { return nil }
            var object = TemplateObject()
            for _ in 0..<number {
                guard let name = text(), let value = TemplateValue(bytes: bytes, offset: &offset) else { return nil }
                object[name] = value
            }
            self = .object(object)
        default:
            return nil
        }
    }
}
