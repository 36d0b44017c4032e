/// The one shape of Scrollery's errors: where it happened, what went wrong, what to do, and the error it
/// came from, each a field code can read; `description` is the sentence a user reads, made of them.
/// Every error type of the sources conforms (`ErrorShapeTests` checks it).
public protocol ScrolleryError: Error, CustomStringConvertible {
    /// The file, URL, key, line or operation it happened at; empty when it concerns the whole run.
    var place: String { get }
    /// What went wrong.
    var problem: String { get }
    /// What to do about it; empty when there is nothing to add.
    var fix: String { get }
    /// The error it came from, when it wraps one.
    var underlying: (any Error)? { get }
}

extension ScrolleryError {
    public var place: String { "" }
    public var fix: String { "" }
    public var underlying: (any Error)? { nil }
}
