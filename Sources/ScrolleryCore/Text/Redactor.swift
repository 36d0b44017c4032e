import Foundation

/// Replaces secrets (values taken from the environment) with `***` in anything that may be shown:
/// error messages, log lines, progress and pages.
public struct Redactor: Sendable {
    private let secrets: [String]

    /// - Parameter secrets: the values to hide; very short ones are ignored, they would hide ordinary text.
    public init(secrets: [String] = []) {
        var forms: Set<String> = []
        for secret in secrets where secret.count >= 4 {
            forms.insert(secret)
            for allowed in [CharacterSet.urlQueryAllowed, .urlPathAllowed, .alphanumerics] {
                if let encoded = secret.addingPercentEncoding(withAllowedCharacters: allowed) { forms.insert(encoded) }
            }
        }
        // Longest first, so a secret that contains another is hidden whole.
        self.secrets = forms.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }

    /// The forms it hides, for fingerprints (hashed there, never written out): a different secret can
    /// change what an item shows.
    package var hiddenForms: [String] { secrets }

    /// The text with every secret replaced by `***`.
    public func callAsFunction(_ text: String) -> String {
        guard !secrets.isEmpty else { return text }
        return secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "***") }
    }
}
