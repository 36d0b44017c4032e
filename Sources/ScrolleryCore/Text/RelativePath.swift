/// A path given relative to a folder, as the output is written: checked to name something inside it.
package enum RelativePath {
    /// Whether `path` names something inside the folder it is taken in: components joined by `/`, none of
    /// them empty (no leading, trailing or doubled `/`), `.` or `..`, and no NUL byte. One pass over the
    /// bytes, with nothing allocated: it is asked twice for every page.
    package static func staysInside(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var start = 0
            var index = 0
            while index <= bytes.count {
                if index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                    switch index - start {
                    case 0: return false
                    case 1 where bytes[start] == UInt8(ascii: "."): return false
                    case 2 where bytes[start] == UInt8(ascii: ".") && bytes[start + 1] == UInt8(ascii: "."):
                        return false
                    default: break
                    }
                    start = index + 1
                } else if bytes[index] == 0 {
                    return false
                }
                index += 1
            }
            return true
        }
    }

    /// The reference for `staysInside`: the path split into components, each checked. Byte by byte, not
    /// Character by Character: a combining mark after `/` makes one Character of both.
    package static func staysInsideByComponents(_ path: String) -> Bool {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && !$0.elementsEqual(".".utf8) && !$0.elementsEqual("..".utf8) && !$0.contains(0)
        }
    }
}
