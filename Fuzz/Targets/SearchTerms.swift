// Foundation is imported for the link: the static libraries of the layers below need it.
import Foundation

@testable import ScrollerySearch

/// Any text, as a title or a query: folding and cutting into terms end, read at most the field's bytes,
/// and give at most the field's terms, each of 1 to 32 scalars that are all letters, digits or marks of a
/// word (or of a script written without spaces, two at most), the same in one pass as folding and then
/// cutting; a term's own terms are itself; and folding a scalar at a time through the table gives what
/// folding the whole text through Foundation gives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearchTerms(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let cut = String(SearchText.prefix(text, bytes: SearchText.maxFieldBytes))
    guard SearchText.fold(text) == SearchText.foldByNormalizing(cut) else {
        fatalError("\(text.debugDescription) folds to \(SearchText.fold(text).debugDescription) by the table")
    }
    let terms = SearchText.terms(in: text)
    guard terms == SearchText.terms(ofFolded: SearchText.fold(text)) else {
        fatalError("\(text.debugDescription): folding and cutting in one pass differs from folding, then cutting")
    }
    guard terms.count <= SearchText.maxTermsPerField else {
        fatalError("\(text.debugDescription) gives \(terms.count) terms")
    }
    for term in terms {
        let scalars = Array(term.unicodeScalars)
        guard (1...SearchText.maxTermScalars).contains(scalars.count) else {
            fatalError("\(text.debugDescription) gives the term \(term.debugDescription)")
        }
        let kinds = Set(scalars.map { SearchText.kind(of: $0) })
        guard !kinds.contains(.separator), kinds.count == 1, !kinds.contains(.bigram) || scalars.count <= 2 else {
            fatalError("\(text.debugDescription) gives the term \(term.debugDescription), of kinds \(kinds)")
        }
        guard SearchText.terms(ofFolded: term) == [term] else {
            fatalError("the term \(term.debugDescription) of \(text.debugDescription) is not its own only term")
        }
    }
    return 0
}
