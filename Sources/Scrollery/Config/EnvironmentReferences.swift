import ScrolleryCore

/// Resolves `${NAME}` and `${NAME:-default}` in config values from the environment, remembering each
/// value so it can be redacted from everything Scrollery shows.
struct EnvironmentReferences {
    let environment: [String: String]
    /// An unset variable without a default reads as empty (as `${NAME:-}` does) instead of failing.
    let unsetReadsEmpty: Bool
    private(set) var values: [String] = []

    init(environment: [String: String], unsetReadsEmpty: Bool = false) {
        self.environment = environment
        self.unsetReadsEmpty = unsetReadsEmpty
    }

    /// The text with every reference resolved, or the first variable that is missing.
    mutating func resolve(_ text: String) -> Result<Resolved, MissingVariable> {
        var result = ""
        var resolvedEmpty = false
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                result += rest[start.lowerBound...]
                rest = ""
                break
            }
            let inner = rest[start.upperBound..<end]
            let name: Substring
            let fallback: Substring?
            if let separator = inner.range(of: ":-") {
                name = inner[..<separator.lowerBound]
                fallback = inner[separator.upperBound...]
            } else {
                name = inner
                fallback = nil
            }
            let value =
                environment[String(name)].flatMap { $0.isEmpty ? nil : $0 } ?? fallback.map(String.init)
                ?? (unsetReadsEmpty ? "" : nil)
            guard let value else { return .failure(MissingVariable(name: String(name))) }
            values.append(value)
            resolvedEmpty = resolvedEmpty || value.isEmpty
            result += value
            rest = rest[rest.index(after: end)...]
        }
        return .success(Resolved(text: result + String(rest), hasEmptyReference: resolvedEmpty))
    }

    struct Resolved {
        let text: String
        /// Some reference resolved to an empty value (an unset variable with an empty default).
        let hasEmptyReference: Bool
    }

    struct MissingVariable: ScrolleryError {
        let name: String

        var problem: String { "the environment variable \(name) is not set" }
        var description: String { problem }
    }
}
